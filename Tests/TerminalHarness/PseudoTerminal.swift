#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal with no process on it: the test holds the master (it plays the
/// terminal: reads what is drawn, writes what is typed) and hands the slave to a backend in
/// this process.
public final class PseudoTerminal {
    /// The terminal's side: non-blocking.
    public private(set) var master: Int32
    /// The program's side, as a backend opens it.
    public let slave: Int32
    /// Everything read from the master so far.
    public private(set) var output: [UInt8] = []

    /// A `width`×`height` pseudo-terminal.
    public init(width: Int = 80, height: Int = 24) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            if master >= 0 { close(master) }
            throw HarnessError("cannot open a pseudo-terminal")
        }
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw HarnessError("cannot open the pseudo-terminal's slave")
        }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(slave)
        if master >= 0 { close(master) }
    }

    /// Closes the terminal's side, as a terminal window closed (or a connection dropped)
    /// would: the program reads end of file, then `EIO`.
    public func hangUp() {
        guard master >= 0 else { return }
        close(master)
        master = -1
    }

    /// Types `text` (as the terminal would send it).
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Changes the terminal's size, as a window resized by a person would (no process on
    /// it, so no `SIGWINCH`: the backend is told with `terminalResized()`).
    public func resize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Reads what the program wrote since the last read; returns the new bytes.
    @discardableResult
    public func drain() -> [UInt8] {
        var fresh: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            fresh += buffer[0..<count]
        }
        output += fresh
        return fresh
    }

    /// The slave's terminal modes now.
    public var modes: termios {
        var modes = termios()
        _ = tcgetattr(slave, &modes)
        return modes
    }
}

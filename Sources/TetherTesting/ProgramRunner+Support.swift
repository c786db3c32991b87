#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `posix_spawn`'s flag for a child in a session of its own (glibc 2.26+, Darwin): the C
/// modules do not import the constant.
#if canImport(Darwin)
let spawnNewSession: Int32 = 0x400
#else
let spawnNewSession: Int32 = 0x80
#endif

/// This process's environment, `NAME=value` entries.
func currentEnvironment() -> [String] {
    #if canImport(Darwin)
    var entry = _NSGetEnviron().pointee
    #else
    var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    #endif
    var result: [String] = []
    while let pointer = entry, let text = pointer.pointee {
        result.append(String(cString: text))
        entry = pointer + 1
    }
    return result
}

extension ProgramRunner {
    /// The directory holding this test process's executable: where SwiftPM puts the
    /// products it built (`.build/debug`), so a test can find a program it depends on.
    public static var productsDirectory: String {
        let executable = executablePath() ?? CommandLine.arguments[0]
        guard let slash = executable.lastIndex(of: "/") else { return "." }
        return String(executable[..<slash])
    }
}

private func executablePath() -> String? {
    #if canImport(Darwin)
    var size = UInt32(PATH_MAX) + 1
    var buffer = [CChar](repeating: 0, count: Int(size))
    guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
    return String(cString: buffer)
    #else
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #endif
}

/// Everything left to read from `fd`.
package func readToEnd(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes += buffer[0..<count]
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            return bytes
        }
    }
}

/// Writes all of `bytes` to `fd`; `false` when it cannot (`errno` says why).
package func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var rest = bytes[...]
    while !rest.isEmpty {
        let count = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        rest = rest.dropFirst(count)
    }
    return true
}

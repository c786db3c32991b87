#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto
public import NIOSSH

/// The server's host key, kept in a file only its owner can read: made on first start (an
/// Ed25519 key in OpenSSH's format, so `ssh-keygen -l -f FILE` shows its fingerprint), read
/// on every start after. A file others can read, or one owned by someone else, is refused:
/// whoever reads the key can pretend to be the server.
public struct HostKeyFile: Sendable {
    /// The file's path.
    public let path: String
    /// The key.
    public let key: NIOSSHPrivateKey
    /// Whether this start made the file.
    public let created: Bool
    /// The public half in `authorized_keys` / `known_hosts` form (`ssh-ed25519 AAAA…`).
    public let publicKeyLine: String

    /// Why a host key file cannot be used.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// What is wrong and what to do, in words.
        public let description: String
    }

    /// Reads the key at `path`, or makes one there when no file exists.
    ///
    /// - Throws: ``Problem`` when the file is readable by others, owned by someone else, not
    ///   an unencrypted Ed25519 key in OpenSSH's format, or cannot be read or written.
    public static func loadOrCreate(at path: String) throws(Problem) -> HostKeyFile {
        var status = stat()
        if stat(path, &status) != 0 {
            guard errno == ENOENT else { throw Problem(description: "cannot read the host key \(path): \(reason())") }
            return try create(at: path)
        }
        let mode = Int(status.st_mode) & 0o777
        guard status.st_uid == geteuid() else {
            throw Problem(
                description: "the host key \(path) belongs to another user: make it yours (chown) and try again")
        }
        guard mode & 0o077 == 0 else {
            let octal = String(mode, radix: 8)
            throw Problem(
                description: "the host key \(path) can be read by others (mode \(octal)): run chmod 600 \(path)")
        }
        let text = try read(path)
        let halves: OpenSSHPrivateKey.Halves
        do {
            halves = try OpenSSHPrivateKey.decode(text)
        } catch {
            throw Problem(description: "the host key \(path) cannot be used: \(error.message)")
        }
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: halves.seed),
            Array(key.publicKey.rawRepresentation) == halves.publicKey
        else {
            throw Problem(
                description:
                    "the host key \(path) cannot be used: its ssh-ed25519 private and public halves do not match")
        }
        return HostKeyFile(path: path, key: key, created: false)
    }

    init(path: String, key: Curve25519.Signing.PrivateKey, created: Bool) {
        self.path = path
        self.key = NIOSSHPrivateKey(ed25519Key: key)
        self.created = created
        self.publicKeyLine = String(openSSHPublicKey: self.key.publicKey)
    }

    /// Makes a new key and writes it to `path`, readable and writable by its owner only.
    private static func create(at path: String) throws(Problem) -> HostKeyFile {
        let key = Curve25519.Signing.PrivateKey()
        let halves = OpenSSHPrivateKey.Halves(
            seed: Array(key.rawRepresentation), publicKey: Array(key.publicKey.rawRepresentation))
        let bytes = Array(OpenSSHPrivateKey.encode(halves, comment: "tether host key").utf8)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Problem(description: "cannot write the host key \(path): \(reason())") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let why = reason()
                unlink(path)
                throw Problem(description: "cannot write the host key \(path): \(why)")
            }
            offset += written
        }
        return HostKeyFile(path: path, key: key, created: true)
    }

    /// The file's text, at most 64 KiB.
    private static func read(_ path: String) throws(Problem) -> String {
        guard let text = readSmallFile(path, limit: 65_536) else {
            throw Problem(description: "cannot read the host key \(path): \(reason())")
        }
        return text
    }
}

/// The C library's text for the current `errno`.
func reason() -> String { String(cString: strerror(errno)) }

/// The text of the file at `path`; `nil` (with `errno` set) when it cannot be read or is
/// over `limit` bytes (`EFBIG`).
func readSmallFile(_ path: String, limit: Int) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= limit {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { return nil }
        guard count > 0 else { return String(decoding: bytes, as: UTF8.self) }
        bytes += chunk[..<count]
    }
    errno = EFBIG
    return nil
}

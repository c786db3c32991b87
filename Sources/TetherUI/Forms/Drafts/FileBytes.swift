#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What reading a file gave.
package enum FileBytes: Equatable {
    /// Its bytes.
    case bytes([UInt8])
    /// There is no such file.
    case missing
    /// It is larger than the limit asked for.
    case tooLarge
    /// It cannot be read: the `errno` of the failure.
    case unreadable(Int32)
}

/// The bytes of the file at `path`, at most `limit` of them (a larger file is ``FileBytes/tooLarge``
/// after reading `limit + 1`, never all of it). The drafts and the test snapshots read their
/// files through it.
package func readFileBytes(atPath path: String, limit: Int = Int.max) -> FileBytes {
    guard let file = fopen(path, "rb") else { return errno == ENOENT ? .missing : .unreadable(errno) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
        if bytes.count > limit { return .tooLarge }
    }
    if ferror(file) != 0 { return .unreadable(EIO) }
    return .bytes(bytes)
}

/// Writes `bytes` whole to a temporary file readable by its owner only and renames it over
/// `path`, so a crash never leaves half a file; the `errno` of a failure, or `nil`. The
/// drafts and the answers records are written through it.
package func writeFileAtomically(_ bytes: [UInt8], toPath path: String) -> Int32? {
    let temporary = path + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return errno }
    var written = 0
    var failure: Int32?
    while written < bytes.count {
        let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else {
            failure = result < 0 ? errno : EIO
            break
        }
        written += result
    }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = errno }
    if failure != nil { unlink(temporary) }
    return failure
}

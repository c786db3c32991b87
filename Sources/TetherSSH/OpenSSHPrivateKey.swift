#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An Ed25519 private key in OpenSSH's file format (`-----BEGIN OPENSSH PRIVATE KEY-----`,
/// as `ssh-keygen -t ed25519` writes it), unencrypted: read and written here because the
/// SSH layer takes keys as values and reads no file. Bytes only (the 32-byte seed and public
/// key): ``HostKeyFile`` makes the key and checks the halves match, so the fuzzer reads this
/// file on its own.
enum OpenSSHPrivateKey {
    /// A key's two halves.
    struct Halves: Equatable {
        var seed: [UInt8]
        var publicKey: [UInt8]
    }

    static let begin = "-----BEGIN OPENSSH PRIVATE KEY-----"
    static let end = "-----END OPENSSH PRIVATE KEY-----"
    static let magic = Array("openssh-key-v1".utf8) + [0]

    /// Why a host key file cannot be used, in words a person can act on.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// The Ed25519 key in `text`.
    static func decode(_ text: String) throws(Problem) -> Halves {
        guard let bodyStart = text.firstRange(of: begin)?.upperBound,
            let bodyEnd = text.firstRange(of: end)?.lowerBound,
            bodyStart <= bodyEnd
        else { throw Problem(message: "it is not an OpenSSH private key (no \(begin) line)") }
        let base64 = text[bodyStart..<bodyEnd].filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: String(base64)) else {
            throw Problem(message: "its key data is not valid base64")
        }
        var reader = WireReader(bytes: Array(data))
        guard reader.take(magic.count).map(Array.init) == magic else {
            throw Problem(message: "it is not an openssh-key-v1 key")
        }
        let cipher = reader.string()
        _ = reader.string()  // key derivation
        _ = reader.string()  // its options
        guard cipher == Array("none".utf8) else {
            throw Problem(message: "it is protected by a passphrase; give the server a key without one")
        }
        guard reader.uint32() == 1 else { throw Problem(message: "it must hold exactly one key") }
        _ = reader.string()  // the public key, repeated inside
        guard var inner = reader.string().map({ WireReader(bytes: $0) }) else {
            throw Problem(message: "it is cut short")
        }
        return try decodePrivateSection(&inner)
    }

    /// The private section: two equal check numbers, then the key.
    private static func decodePrivateSection(_ inner: inout WireReader) throws(Problem) -> Halves {
        let check = inner.uint32()
        guard check != nil, inner.uint32() == check else { throw Problem(message: "its check numbers differ") }
        guard let type = inner.string() else { throw Problem(message: "it is cut short") }
        guard type == Array("ssh-ed25519".utf8) else {
            let name = String(decoding: type.prefix(40), as: UTF8.self)
            throw Problem(message: "it is a \(name) key; the server's host key must be ssh-ed25519")
        }
        guard let publicKey = inner.string(), publicKey.count == 32, let secret = inner.string(), secret.count == 64
        else { throw Problem(message: "its ssh-ed25519 key has the wrong length") }
        guard Array(secret.suffix(32)) == publicKey else {
            throw Problem(message: "its ssh-ed25519 private and public halves do not match")
        }
        return Halves(seed: Array(secret.prefix(32)), publicKey: publicKey)
    }

    /// `key` in the file format, with `comment`.
    static func encode(_ key: Halves, comment: String) -> String {
        let publicKey = key.publicKey
        var publicBlob = WireWriter()
        publicBlob.string(Array("ssh-ed25519".utf8))
        publicBlob.string(publicKey)
        var section = WireWriter()
        let check = UInt32.random(in: .min ... .max)
        section.uint32(check)
        section.uint32(check)
        section.string(Array("ssh-ed25519".utf8))
        section.string(publicKey)
        section.string(key.seed + publicKey)
        section.string(Array(comment.utf8))
        var pad: UInt8 = 1
        while section.bytes.count % 8 != 0 {
            section.bytes.append(pad)
            pad += 1
        }
        var file = WireWriter()
        file.bytes = magic
        file.string(Array("none".utf8))
        file.string(Array("none".utf8))
        file.string([])
        file.uint32(1)
        file.string(publicBlob.bytes)
        file.string(section.bytes)
        let base64 = Data(file.bytes).base64EncodedString()
        var lines = [begin]
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(70)))
            rest = rest.dropFirst(70)
        }
        lines.append(end)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Reads SSH's wire encoding (RFC 4251): big-endian 32-bit numbers and length-prefixed strings.
struct WireReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func uint32() -> UInt32? {
        take(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    mutating func string() -> [UInt8]? {
        guard let length = uint32(), let body = take(Int(length)) else { return nil }
        return Array(body)
    }
}

/// Writes SSH's wire encoding.
struct WireWriter {
    var bytes: [UInt8] = []

    mutating func uint32(_ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    mutating func string(_ value: [UInt8]) {
        uint32(UInt32(value.count))
        bytes += value
    }
}

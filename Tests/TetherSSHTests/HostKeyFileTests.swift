#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing
import TetherSSH

/// The server's host key: made once, readable by its owner only, refused when others can
/// read it, and read back as OpenSSH's own tools write it.
@Suite("Host key file")
struct HostKeyFileTests {
    static func scratch() throws -> String {
        var template = Array("/tmp/tether-hostkey-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HarnessError("cannot make a scratch directory")
        }
        return String(cString: made)
    }

    @Test("the first start makes a key only its owner can read; the next start reads the same key")
    func createdThenRead() async throws {
        let path = try Self.scratch() + "/host-key"
        let made = try HostKeyFile.loadOrCreate(at: path)
        #expect(made.created)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(Int(status.st_mode) & 0o777 == 0o600)
        let again = try HostKeyFile.loadOrCreate(at: path)
        #expect(!again.created)
        #expect(again.publicKeyLine == made.publicKeyLine)
        // OpenSSH reads the file as one of its own.
        let fingerprint = await ProcessRunner.run(["ssh-keygen", "-y", "-f", path])
        #expect(fingerprint.status == 0)
        #expect(fingerprint.stdout.hasPrefix(made.publicKeyLine))
    }

    @Test("a key file others can read is refused with the command that fixes it")
    func readableByOthers() throws {
        let path = try Self.scratch() + "/host-key"
        _ = try HostKeyFile.loadOrCreate(at: path)
        chmod(path, 0o644)
        #expect {
            try HostKeyFile.loadOrCreate(at: path)
        } throws: { error in
            "\(error)" == "the host key \(path) can be read by others (mode 644): run chmod 600 \(path)"
        }
    }

    @Test("a key ssh-keygen made is read; one with a passphrase, or not ed25519, is refused saying why")
    func openSSHKeys() async throws {
        let directory = try Self.scratch()
        #expect(
            await ProcessRunner.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", directory + "/plain"]).status
                == 0)
        #expect(
            await ProcessRunner.run([
                "ssh-keygen", "-q", "-t", "ed25519", "-N", "secret words", "-f", directory + "/locked",
            ])
            .status == 0)
        #expect(
            await ProcessRunner.run(["ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", directory + "/ecdsa"]).status
                == 0)
        let plain = try HostKeyFile.loadOrCreate(at: directory + "/plain")
        let published = readText(atPath: directory + "/plain.pub") ?? ""
        #expect(published.hasPrefix(plain.publicKeyLine))
        #expect {
            try HostKeyFile.loadOrCreate(at: directory + "/locked")
        } throws: { "\($0)".hasSuffix("it is protected by a passphrase; give the server a key without one") }
        #expect {
            try HostKeyFile.loadOrCreate(at: directory + "/ecdsa")
        } throws: { "\($0)".contains("the server's host key must be ssh-ed25519") }
    }

    @Test("a file that is not a key is refused, naming the file")
    func notAKey() throws {
        let path = try Self.scratch() + "/host-key"
        #expect(writeText("hello\n", toPath: path))
        chmod(path, 0o600)
        #expect {
            try HostKeyFile.loadOrCreate(at: path)
        } throws: {
            "\($0)"
                == "the host key \(path) cannot be used: it is not an OpenSSH private key (no -----BEGIN OPENSSH PRIVATE KEY----- line)"
        }
    }
}

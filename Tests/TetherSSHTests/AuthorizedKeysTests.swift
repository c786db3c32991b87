import NIOSSH
import Testing
import TetherSSH

/// `authorized_keys` read as OpenSSH reads it: blank lines and comments skipped, options
/// before the key, and every line that cannot be used named with why.
@Suite("Authorized keys")
struct AuthorizedKeysTests {
    static let ed25519 =
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq4Id8lEAiTBTOi2cA8iCsQqfXf7Obd3HJN0rOLnEaR"

    @Test("blank lines and comments are skipped, and a key with its comment is taken")
    func commentsAndBlanks() throws {
        let keys = AuthorizedKeys(parsing: "# the team\n\n   \n\(Self.ed25519) ada@laptop\r\n# end\n")
        #expect(keys.keys == [try NIOSSHPublicKey(openSSHPublicKey: Self.ed25519)])
        #expect(keys.problems.isEmpty)
    }

    @Test("options that restrict what the server never offers are allowed, quoted commas and spaces included")
    func harmlessOptions() {
        let keys = AuthorizedKeys(parsing: "restrict,no-port-forwarding,no-X11-forwarding \(Self.ed25519)")
        #expect(keys.keys.count == 1)
        #expect(keys.problems.isEmpty)
    }

    @Test("an option the server would have to enforce refuses its key and says which")
    func enforcedOptions() {
        let text = """
            from="10.0.0.1,10.0.0.2" \(Self.ed25519)
            command="echo \\"hi, there\\"",no-pty \(Self.ed25519)
            """
        let keys = AuthorizedKeys(parsing: text)
        #expect(keys.keys.isEmpty)
        #expect(keys.problems.map(\.line) == [1, 2])
        #expect(keys.problems[0].message.contains("from"))
        #expect(keys.problems[1].message.contains("command"))
    }

    @Test("an RSA key is refused with the kinds of key that work")
    func rsaRefused() {
        let keys = AuthorizedKeys(parsing: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 someone")
        #expect(keys.keys.isEmpty)
        #expect(
            keys.problems.first?.description
                == "line 1: ssh-rsa keys are not supported: use an ssh-ed25519 or ecdsa-sha2-nistp256 key")
    }

    @Test("a key with no data, bad data or an unclosed quote is named by its line")
    func malformed() {
        let keys = AuthorizedKeys(parsing: "ssh-ed25519\nssh-ed25519 AAAA!!!\ncommand=\"open \(Self.ed25519)")
        #expect(keys.keys.isEmpty)
        #expect(keys.problems.map(\.line) == [1, 2, 3])
        #expect(
            keys.problems.map(\.message) == [
                "the ssh-ed25519 key has no key data", "the ssh-ed25519 key's data is not a valid key",
                "an option's quotes are not closed",
            ])
    }
}

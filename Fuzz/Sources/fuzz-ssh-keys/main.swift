import CFuzzDriver
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOSSH
@testable import TetherSSH

/// The two key files the SSH server reads by hand (TetherSSH): the first byte picks one, the
/// rest is the file.
/// - `authorized_keys` (`AuthorizedKeys(parsing:)`): any text gives keys and problems, never
///   a crash; every problem names a line of the file and says something; every key taken,
///   written back as a line, reads as the same key.
/// - a host key in OpenSSH's format (`OpenSSHPrivateKey.decode`): any text is a key or a
///   problem with words; a key that reads, written again, reads as the same key.
func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let choice = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    if choice % 2 == 0 {
        checkAuthorizedKeys(text)
    } else {
        checkHostKey(text)
    }
    return 0
}

func checkAuthorizedKeys(_ text: String) {
    let keys = AuthorizedKeys(parsing: text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    for problem in keys.problems {
        if problem.line < 1 || problem.line > lines { fuzzFailure("a problem on line \(problem.line) of \(lines)") }
        if problem.message.isEmpty { fuzzFailure("a problem without words") }
    }
    for key in keys.keys {
        let again = AuthorizedKeys(parsing: String(openSSHPublicKey: key))
        if again.keys != [key] { fuzzFailure("a key written back read as \(again.keys.count) keys") }
    }
}

func checkHostKey(_ text: String) {
    do {
        let key = try OpenSSHPrivateKey.decode(text)
        let again = try OpenSSHPrivateKey.decode(OpenSSHPrivateKey.encode(key, comment: "again"))
        if again.rawRepresentation != key.rawRepresentation { fuzzFailure("a key written again read as another") }
    } catch {
        if error.message.isEmpty { fuzzFailure("a refusal without words") }
    }
}

// Last, so that the globals above are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzKeys))

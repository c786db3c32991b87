import CFuzzDriver
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The two key files the SSH server reads by hand (TetherSSH's `AuthorizedKeysFormat.swift`
/// and `OpenSSHPrivateKey.swift`, compiled here by symbolic link so the fuzzer builds no
/// swift-nio): the first byte picks one, the rest is the file.
/// - `authorized_keys`: every non-blank, non-comment line is an entry or a problem in words,
///   never a crash; an entry written back as a line reads as the same entry.
/// - a host key in OpenSSH's format: any text is a key's halves or a problem in words; halves
///   that read, written again, read as the same halves.
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
    for line in text.split(separator: "\n") {
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
        switch AuthorizedKeysFormat.entry(in: trimmed) {
        case .failure(let problem):
            if problem.message.isEmpty { fuzzFailure("a problem without words") }
        case .success(let entry):
            let again = AuthorizedKeysFormat.entry(in: Substring("\(entry.type) \(entry.body)"))
            if case .success(let read) = again, read == entry { continue }
            fuzzFailure("an entry written back read otherwise: \(entry.type)")
        }
    }
}

func checkHostKey(_ text: String) {
    do {
        let halves = try OpenSSHPrivateKey.decode(text)
        let again = try OpenSSHPrivateKey.decode(OpenSSHPrivateKey.encode(halves, comment: "again"))
        if again != halves { fuzzFailure("a key written again read as another") }
    } catch {
        if error.message.isEmpty { fuzzFailure("a refusal without words") }
    }
}

// Last, so that the globals above are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzKeys))

import CFuzzDriver
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the SSH server reads by hand (TetherSSH's `AuthorizedKeysFormat.swift`,
/// `OpenSSHPrivateKey.swift` and `CommandWords.swift`, compiled here by symbolic link so the
/// fuzzer builds no swift-nio): the first byte picks one, the rest is the input.
/// - `authorized_keys`: every non-blank, non-comment line is an entry or a problem in words,
///   never a crash; an entry written back as a line reads as the same entry.
/// - a host key in OpenSSH's format: any text is a key's halves or a problem in words; halves
///   that read, written again, read as the same halves.
/// - an `ssh host -- ARGS` command: any text splits into words or a problem in words; the
///   words quoted again split as themselves, and so do the text's own pieces (cut at 0x1F)
///   quoted as words.
func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let choice = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    switch choice % 3 {
    case 0: checkAuthorizedKeys(text)
    case 1: checkHostKey(text)
    default: checkCommandWords(text)
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

func checkCommandWords(_ text: String) {
    do {
        let words = try CommandWords.split(text)
        if try CommandWords.split(CommandWords.quoted(words)) != words {
            fuzzFailure("split words quoted again differ")
        }
    } catch {
        if error.message.isEmpty { fuzzFailure("a refusal without words") }
    }
    // NUL is no argument's (a NUL with a combining mark is one Character: drop it by scalar).
    let words = text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map {
        String(String.UnicodeScalarView($0.unicodeScalars.filter { $0 != "\0" }))
    }
    let quoted = CommandWords.quoted(words)
    guard quoted.utf8.count <= CommandWords.longestCommand else { return }
    do {
        if try CommandWords.split(quoted) != words { fuzzFailure("quoted words split otherwise") }
    } catch {
        fuzzFailure("quoted words refused: \(error.message)")
    }
}

// Last, so that the globals above are initialised first (main.swift runs top to bottom).
exit(tether_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzKeys))

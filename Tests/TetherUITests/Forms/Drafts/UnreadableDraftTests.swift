#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherTesting
import TetherUI

/// A fresh path for a draft file; it, its `.corrupt` copy and what a test made there are
/// removed when the test ends.
private func draftPath(_ name: String = #function) -> String {
    let path = "/tmp/tether-unreadable-\(getpid())-\(name.filter(\.isLetter)).json"
    cleanUp(path)
    return path
}

private func cleanUp(_ path: String) {
    unlink(path)
    unlink(path + ".corrupt/kept")
    rmdir(path + ".corrupt")
    unlink(path + ".corrupt")
}

/// Writes `bytes` to `path`.
private func store(_ bytes: [UInt8], at path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

private func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

/// A form with one keyed name field, drafts at `path`.
@MainActor
private func form(drafts path: String) -> Form {
    let form = Form()
    form.addField("Name", TextField(), key: "name")
    form.keepDrafts(at: path, debounce: .zero)
    return form
}

/// A file at a draft's path that is not a draft (issue 42, item 1): the form starts empty,
/// says which file and why, keeps the file aside and never saves over it.
@MainActor
@Suite("Unreadable drafts")
struct UnreadableDraftTests {
    @Test("a draft of 20,000 nested brackets is refused, moved aside, and the form starts empty")
    func nestedBracketsAreRefused() throws {
        let path = draftPath()
        defer { cleanUp(path) }
        store(Array("{\"notes\": ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 20_000), at: path)
        let drafts = try #require(form(drafts: path).drafts)
        #expect(!drafts.hasDraft)
        let problem = try #require(drafts.problem)
        #expect(problem.contains(path) && problem.contains("nested more than 512 deep"), "\(problem)")
        #expect(problem.contains(path + ".corrupt"), "\(problem)")
        #expect(!exists(path) && exists(path + ".corrupt"))
    }

    @Test("a draft larger than 1 MB is refused without being read whole")
    func largeDraftIsRefused() throws {
        let path = draftPath()
        defer { cleanUp(path) }
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) + 1)
        store(Array("{\"name\": \"".utf8) + body + Array("\"}".utf8), at: path)
        let drafts = try #require(form(drafts: path).drafts)
        #expect(!drafts.hasDraft)
        #expect(drafts.problem?.contains("larger than 1024 KB") == true, "\(drafts.problem ?? "nil")")
    }

    @Test("text that is not JSON is refused saying so; a value of the wrong kind is refused naming its key")
    func notADraftSaysWhy() throws {
        let path = draftPath()
        defer { cleanUp(path) }
        store(Array("{\n  \"name\": \"Ada\",\n  oops\n}\n".utf8), at: path)
        let drafts = try #require(form(drafts: path).drafts)
        #expect(drafts.problem?.contains("it is not a draft (not valid JSON") == true, "\(drafts.problem ?? "nil")")
        let other = draftPath() + "-object"
        defer { cleanUp(other) }
        store(Array("{\"name\": {\"first\": \"Ada\"}}".utf8), at: other)
        let refused = try #require(form(drafts: other).drafts)
        #expect(refused.problem?.contains("(key name: a value is a string") == true, "\(refused.problem ?? "nil")")
    }

    @Test("lists nested one deeper than the limit are refused naming the key")
    func depthPastTheLimitIsRefused() throws {
        let path = draftPath()
        defer { cleanUp(path) }
        let open = [UInt8](repeating: UInt8(ascii: "["), count: 17),
            close = [UInt8](repeating: UInt8(ascii: "]"), count: 17)
        store(Array("{\"name\": \"Ada\", \"deep\": ".utf8) + open + close + Array("}".utf8), at: path)
        let drafts = try #require(form(drafts: path).drafts)
        #expect(
            drafts.problem?.contains("key deep: its lists nest more than 16 deep") == true, "\(drafts.problem ?? "nil")"
        )
    }

    @Test("lists nested as deep as the limit still read")
    func depthAtTheLimitReads() throws {
        let path = draftPath()
        defer { cleanUp(path) }
        let open = [UInt8](repeating: UInt8(ascii: "["), count: 16),
            close = [UInt8](repeating: UInt8(ascii: "]"), count: 16)
        store(Array("{\"name\": \"Ada\", \"deep\": ".utf8) + open + close + Array("}".utf8), at: path)
        let drafts = try #require(form(drafts: path).drafts)
        #expect(drafts.problem == nil)
        #expect(drafts.hasDraft)
    }

    @Test("after a refused draft, an edit saves a new draft and the refused one stays aside")
    func editsSaveANewDraft() throws {
        let path = draftPath()
        defer { cleanUp(path) }
        store(Array("not json".utf8), at: path)
        let form = form(drafts: path)
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 4))
        pilot.type("Bo")
        pilot.advance(by: .milliseconds(10))
        guard case .bytes(let saved) = readFileBytes(atPath: path) else {
            Issue.record("no new draft at \(path)")
            return
        }
        #expect(String(decoding: saved, as: UTF8.self).contains("\"name\": \"Bo\""))
        #expect(readFileBytes(atPath: path + ".corrupt") == .bytes(Array("not json".utf8)))
    }

    @Test("a refused draft that cannot be moved aside is never saved over")
    func unmovableDraftIsNotOverwritten() throws {
        let path = draftPath()
        defer { cleanUp(path) }
        store(Array("not json".utf8), at: path)
        // A directory with something in it where the file would go: rename(2) refuses.
        mkdir(path + ".corrupt", 0o700)
        store([], at: path + ".corrupt/kept")
        let form = form(drafts: path)
        let problem = try #require(form.drafts?.problem)
        #expect(problem.contains("could not be moved aside") && problem.contains("remove it"), "\(problem)")
        let pilot = try Pilot(root: form, size: Size(width: 40, height: 4))
        pilot.type("Bo")
        pilot.advance(by: .milliseconds(10))
        #expect(readFileBytes(atPath: path) == .bytes(Array("not json".utf8)))
    }
}

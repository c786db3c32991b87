#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with a name and a mail field, a pilot on it, and how often `discard` ran.
@MainActor
private final class Editing {
    let form = Form()
    let name: FormField<String>
    var discarded = 0
    let pilot: Pilot

    init(size: Size = Size(width: 60, height: 12)) throws {
        name = form.addField("Name", TextField(), key: "name")
        form.addField("Mail", TextField(), key: "mail")
        pilot = try Pilot(root: form, size: size)
    }

    func leave() { form.confirmDiscard { [unowned self] in self.discarded += 1 } }
}

/// Types a name into a form keeping drafts at `path`, and leaves it: a session that ended
/// with a draft on disk.
@MainActor
private func leaveDraft(at path: String) throws {
    let form = Form()
    form.addField("Name", TextField(), key: "name")
    form.keepDrafts(at: path, debounce: .zero)
    let pilot = try Pilot(root: form, size: Size(width: 70, height: 12))
    pilot.type("Ada")
}

/// The file at `path` as text, or `nil` when it cannot be read.
private func readText(_ path: String) -> String? {
    guard case .bytes(let bytes) = readFileBytes(atPath: path) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

@MainActor
@Suite("Discard changes and resume a draft")
struct FormDiscardTests {
    @Test("leaving a clean form discards at once, with no question")
    func cleanLeavesAtOnce() throws {
        let t = try Editing()
        t.leave()
        #expect(t.discarded == 1)
        #expect(!t.pilot.screen.contains("Discard changes?"))
    }

    @Test("leaving a dirty form asks in a dialog naming what changed, with Keep editing focused")
    func dirtyAsks() throws {
        let t = try Editing()
        t.pilot.type("Ada")
        t.leave()
        #expect(t.pilot.screen.contains("Discard changes?"))
        #expect(t.pilot.screen.contains("Unsaved changes in Name. Leave without saving?"))
        t.pilot.press(.enter)
        #expect(t.discarded == 0)
        #expect(t.name.value == "Ada")
    }

    @Test("Esc in the dialog keeps editing; Discard discards")
    func escKeepsDiscardDiscards() throws {
        let t = try Editing()
        t.pilot.type("Ada")
        t.leave()
        t.pilot.press(.escape)
        #expect(t.discarded == 0)
        #expect(!t.pilot.screen.contains("Discard changes?"))
        t.leave()
        t.pilot.press(.tab, .enter)
        #expect(t.discarded == 1)
    }

    @Test("in the accessible presentation leaving a dirty form asks a y/N line")
    func conversationAsks() throws {
        let form = Form()
        form.addField("Name", TextField(text: ""), key: "name")
        let pilot = try TranscriptPilot(root: form)
        pilot.answer("Ada")
        var discarded = 0
        form.confirmDiscard { discarded += 1 }
        #expect(pilot.transcript.hasSuffix("Discard changes? Unsaved changes in Name. Leave without saving? [y/N]: "))
        pilot.answer("y")
        #expect(discarded == 1)
    }

    @Test(
        "in the accessible presentation a second question asked while one waits is asked after it, and each answer runs its own action"
    )
    func twoQuestionsInConversation() throws {
        let form = Form()
        form.addField("Name", TextField(text: ""), key: "name")
        let pilot = try TranscriptPilot(root: form)
        pilot.answer("Ada")
        var ran: [String] = []
        form.confirmDiscard { ran.append("first") }
        form.confirmDiscard { ran.append("second") }
        pilot.answer("y")
        #expect(ran == ["first"])
        #expect(
            pilot.transcript.hasSuffix(
                "[y/N]: y\nDiscard changes? Unsaved changes in Name. Leave without saving? [y/N]: "))
        pilot.answer("n")
        #expect(ran == ["first"])
        form.confirmDiscard { ran.append("third") }
        form.confirmDiscard { ran.append("fourth") }
        pilot.answer("n")
        pilot.answer("y")
        #expect(ran == ["first", "fourth"])
    }

    /// A form with a Name field keeping drafts at `path`, shown by a pilot once its draft
    /// dialog is up.
    func draftForm(at path: String) throws -> (FormField<String>, Pilot) {
        let form = Form()
        let name = form.addField("Name", TextField(), key: "name")
        form.keepDrafts(at: path)
        let pilot = try Pilot(root: form, size: Size(width: 70, height: 12))
        pilot.advance(by: .zero)
        return (name, pilot)
    }

    @Test(
        "a draft found at start is offered saying when it was saved, and Enter resumes it: the safe answer is the default"
    )
    func draftOfferedFullScreen() throws {
        let path = "/tmp/tether-discard-\(getpid()).json"
        defer { unlink(path) }
        try leaveDraft(at: path)
        let (name, pilot) = try draftForm(at: path)
        #expect(pilot.screen.contains("Resume where you left off?"))
        #expect(pilot.screen.contains("A draft saved less than a minute ago holds 1 answer."), "\(pilot.screen)")
        pilot.press(.enter)
        #expect(name.value == "Ada")
        #expect(pilot.lines[0].hasPrefix("Name  Ada"))
    }

    @Test("the draft dialog over an untouched required field shows no message on it, nor after Start over")
    func draftDialogJudgesNoField() throws {
        let path = "/tmp/tether-discard-judges-\(getpid()).json"
        defer { unlink(path) }
        try leaveDraft(at: path)
        let form = Form()
        form.addField("Name", TextField(), key: "name").required()
        form.keepDrafts(at: path)
        let pilot = try Pilot(root: form, size: Size(width: 70, height: 12))
        pilot.advance(by: .zero)
        #expect(pilot.screen.contains("Resume where you left off?"))
        #expect(!pilot.screen.contains("Name is required"))
        pilot.press(.left, .enter)
        #expect(!pilot.screen.contains("Resume where you left off?"))
        #expect(!pilot.screen.contains("Name is required"))
    }

    @Test("Esc at the draft dialog resumes too: only Start over loses the draft")
    func escapeResumesDraft() throws {
        let path = "/tmp/tether-discard-escape-\(getpid()).json"
        defer { unlink(path) }
        try leaveDraft(at: path)
        let (name, pilot) = try draftForm(at: path)
        pilot.press(.escape)
        #expect(name.value == "Ada")
        #expect(access(path, F_OK) == 0)
    }

    @Test("Discard changes removes the draft of what was typed, so the next start offers nothing")
    func discardRemovesDraft() throws {
        let path = "/tmp/tether-discard-removes-\(getpid()).json"
        defer { unlink(path) }
        let form = Form()
        form.addField("Name", TextField(), key: "name")
        form.keepDrafts(at: path, debounce: .zero)
        let pilot = try Pilot(root: form, size: Size(width: 70, height: 12))
        pilot.type("Ada")
        #expect(access(path, F_OK) == 0, "no draft was saved")
        var left = 0
        form.confirmDiscard { left += 1 }
        pilot.press(.tab, .enter)
        #expect(left == 1)
        #expect(access(path, F_OK) != 0, "the discarded draft is still on disk")
        let (_, again) = try draftForm(at: path)
        #expect(!again.screen.contains("Resume where you left off?"))
    }

    @Test("Start over removes the draft, so the next start offers nothing")
    func startOverRemovesDraft() throws {
        let path = "/tmp/tether-discard-start-over-\(getpid()).json"
        defer { unlink(path) }
        try leaveDraft(at: path)
        let (name, pilot) = try draftForm(at: path)
        pilot.press(.left, .enter)
        #expect(name.value == "")
        #expect(access(path, F_OK) != 0)
        let (_, again) = try draftForm(at: path)
        #expect(!again.screen.contains("Resume where you left off?"))
    }

    @Test("in the accessible presentation the draft is offered before the first question")
    func draftOfferedInConversation() throws {
        let path = "/tmp/tether-discard-conversation-\(getpid()).json"
        defer { unlink(path) }
        try leaveDraft(at: path)
        let form = Form()
        let name = form.addField("Name", TextField(), key: "name")
        form.keepDrafts(at: path)
        let pilot = try TranscriptPilot(root: form, typed: true)
        #expect(
            pilot.transcript
                == "Resume where you left off? A draft saved less than a minute ago holds 1 answer; starting over removes it. [Y/n]: "
        )
        pilot.answer("")
        #expect(name.value == "Ada")
        #expect(pilot.transcript.hasSuffix("Name [Ada]: "))
    }

    @Test("with answers piped in, drafts are off by themselves: none offered, none saved, the old one kept")
    func pipedAnswersTurnDraftsOff() throws {
        let path = "/tmp/tether-discard-piped-\(getpid()).json"
        defer { unlink(path) }
        try leaveDraft(at: path)
        let before = readText(path)
        #expect(before?.contains("Ada") == true)
        let form = Form()
        let name = form.addField("Name", TextField(), key: "name")
        form.keepDrafts(at: path, debounce: .zero)
        let pilot = try TranscriptPilot(root: form)
        #expect(pilot.transcript.hasSuffix("Name: "), "\(pilot.transcript)")
        pilot.answer("Grace")
        #expect(name.value == "Grace")
        #expect(form.drafts?.isOffForScript == true)
        #expect(readText(path) == before)
    }
}

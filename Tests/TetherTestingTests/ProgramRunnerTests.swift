import Testing
import TetherTesting

@Suite("ProgramRunner")
struct ProgramRunnerTests {
    @Test("the program's status, standard output and standard error come back; its input is the text given")
    func statusOutputAndInput() async {
        let result = await ProgramRunner.run(
            "/bin/sh", ["-c", "read a; read b; echo \"$b $a\"; echo said >&2; exit 3"], input: "one\ntwo\n")
        #expect(result.status == 3)
        #expect(result.stdout == "two one\n")
        #expect(result.stderr == "said\n")
    }

    @Test("the input ends after the text given, as a pipe's does")
    func inputEnds() async {
        let result = await ProgramRunner.run("/bin/sh", ["-c", "cat; echo end"], input: "answer\n")
        #expect(result.stdout == "answer\nend\n")
    }

    @Test("the program runs in a session of its own, without the test's terminal")
    func sessionOfItsOwn() async {
        let result = await ProgramRunner.run("/bin/sh", ["-c", "cut -d' ' -f6 /proc/$$/stat; echo $$"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0] == lines[1], "session and process: \(lines)")
    }

    @Test("a program ended by a signal reports 128 + its number")
    func signalStatus() async {
        let result = await ProgramRunner.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(result.status == 143)
    }

    @Test("a program that cannot be started says so, with status -1")
    func cannotStart() async {
        let result = await ProgramRunner.run("/nonexistent/program")
        #expect(result.status == -1)
        #expect(result.stderr.hasPrefix("cannot run /nonexistent/program"))
    }
}

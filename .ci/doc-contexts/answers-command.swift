// What the command-line example in docs/answers.md reads: a form, the arguments the app's own
// parser did not know, an answers file, and whether standard input is a terminal.
import TetherUI

@MainActor let form = Form()
@MainActor let formArguments = ["--name", "Ada"]
@MainActor let answersFile: String? = nil
@MainActor let hasTerminal = false

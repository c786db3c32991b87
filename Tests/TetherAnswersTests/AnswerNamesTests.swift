import Testing
import TetherAnswers

@Suite("Answer names")
struct AnswerNamesTests {
    @Test("a key in any spelling is one option and one variable: first-name, firstName and first_name")
    func spellings() {
        let names = AnswerNames(environmentPrefix: "app")
        for key in ["first-name", "firstName", "first_name", "First Name"] {
            #expect(names.option(forKey: key) == "--first-name")
            #expect(names.variable(forKey: key) == "APP_FIRST_NAME")
        }
        #expect(names.fileOption(forKey: "password") == "--password-file")
        #expect(names.negatedOption(forKey: "useProxy") == "--no-use-proxy")
        #expect(AnswerNames(environmentPrefix: "").variable(forKey: "email") == "EMAIL")
        #expect(AnswerNames(environmentPrefix: "ONBOARDING_").variable(forKey: "cores2") == "ONBOARDING_CORES2")
    }
}

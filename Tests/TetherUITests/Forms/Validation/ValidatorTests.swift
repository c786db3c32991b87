import Testing
import TetherUI

@MainActor
@Suite("Validator")
struct ValidatorTests {
    @Test("required fails on an empty or blank string, no selection, nil and a toggle off")
    func requiredEmptiness() {
        #expect(Validator<String>.required().validate("  ") == .invalid("This field is required"))
        #expect(Validator<String>.required().validate("a") == .valid)
        #expect(Validator<Set<Int>>.required("Pick one").validate([]) == .invalid("Pick one"))
        #expect(Validator<Int?>.required().validate(nil).isInvalid)
        #expect(Validator<Bool>.required().validate(false).isInvalid)
        #expect(Validator<Bool>.required().validate(true).isValid)
    }

    @Test("length names the limit that is broken")
    func lengthLimits() {
        let rule = Validator<String>.length(min: 2, max: 4)
        #expect(rule.validate("a") == .invalid("Enter at least 2 characters"))
        #expect(rule.validate("abcde") == .invalid("Enter at most 4 characters"))
        #expect(rule.validate("abc") == .valid)
    }

    @Test("length accepts exactly its minimum and its maximum, and counts graphemes, not bytes")
    func lengthBoundaries() {
        let rule = Validator<String>.length(min: 2, max: 4)
        #expect(rule.validate("ab") == .valid)
        #expect(rule.validate("abcd") == .valid)
        #expect(rule.validate("a") == .invalid("Enter at least 2 characters"))
        #expect(rule.validate("abcde") == .invalid("Enter at most 4 characters"))
        #expect(rule.validate("éé🇫🇷👍") == .valid, "four graphemes of many bytes are four characters")
        #expect(Validator<String>.length(max: 0).validate("") == .valid)
    }

    @Test("range accepts exactly its lower and upper bounds and refuses one step outside either")
    func rangeBoundaries() {
        let rule = Validator<Int>.range(1...65_535)
        #expect(rule.validate(1) == .valid)
        #expect(rule.validate(65_535) == .valid)
        #expect(rule.validate(0) == .invalid("Enter a value from 1 to 65535"))
        #expect(rule.validate(65_536) == .invalid("Enter a value from 1 to 65535"))
        let decimal = Validator<Double>.range(0.5...1.5)
        #expect(decimal.validate(0.5) == .valid && decimal.validate(1.5) == .valid)
        #expect(decimal.validate(1.5.nextUp) != .valid)
    }

    @Test("pattern matches the whole string and lets an empty one pass")
    func patternWholeMatch() {
        let rule = Validator<String>.pattern("[0-9]+", "Digits only")
        #expect(rule.validate("12a") == .invalid("Digits only"))
        #expect(rule.validate("123") == .valid)
        #expect(rule.validate("") == .valid)
        #expect(Validator<String>.email().validate("ada@example").isInvalid)
        #expect(Validator<String>.email().validate("ada@example.com") == .valid)
    }

    @Test("range, one of and a custom rule each give their message")
    func rangeOneOfCustom() {
        #expect(Validator<Int>.range(1...128).validate(0) == .invalid("Enter a value from 1 to 128"))
        #expect(Validator<Int>.range(1...128).validate(128) == .valid)
        #expect(Validator<String>.oneOf(["a", "b"], "Choose a or b").validate("c") == .invalid("Choose a or b"))
        let even = Validator<Int>.custom { $0 % 2 == 0 ? .valid : .invalid("Even, please") }
        #expect(even.validate(3) == .invalid("Even, please"))
    }

    @Test("rules composed with and give the first failure's message")
    func composedFirstFailure() {
        let rule = Validator<String>.required("Name it").and(.length(min: 3))
        #expect(rule.validate("") == .invalid("Name it"))
        #expect(rule.validate("ab") == .invalid("Enter at least 3 characters"))
        #expect(rule.validate("abc") == .valid)
    }

    @Test("a validation result says its message and kind")
    func resultMessage() {
        #expect(ValidationResult.valid.message == nil)
        #expect(ValidationResult.invalid("x").message == "x")
        #expect(ValidationResult.pending("Checking…").isPending)
    }

    @Test("each built-in rule says itself in words, a closure only when described, and `and` says both")
    func ruleWords() {
        #expect(Validator<String>.length(min: 2, max: 4).words == ["Enter at least 2 and at most 4 characters"])
        #expect(Validator<String>.email().words == ["Enter an email address like name@example.com"])
        #expect(Validator<Int>.range(1...9).words == ["Enter a value from 1 to 9"])
        #expect(Validator<String>.required().words == [])
        #expect(Validator<String>.custom { _ in .valid }.words == [])
        #expect(Validator<String>.custom { _ in .valid }.described("No spaces").words == ["No spaces"])
        let both = Validator<String>.length(min: 1).and(.pattern("[a-z]*", "Use small letters"))
        #expect(both.words == ["Enter at least 1 character", "Use small letters"])
    }

    @Test("a field lists its rules in words in the order added, its typed format's first")
    func fieldRuleWords() {
        let form = Form()
        let port = form.addField("Port", TextField(), key: "port", as: .integer(in: 1...65_535), value: 80)
        port.validate(.range(1024...65_535, "Use a port above 1023"))
        let name = form.addField("Name", TextField(), key: "name").validate(.length(max: 8))
        #expect(port.ruleWords.count == 2 && port.ruleWords.last == "Use a port above 1023", "\(port.ruleWords)")
        #expect(name.ruleWords == ["Enter at most 8 characters"])
    }
}

import Testing
import TetherReactive
import TetherTesting
import TetherUI

/// A form with an "Age" field (text from column 6), focused with the caret at the end, whose parse error is shown in its error row.
@MainActor
private func makePilot(for field: TextField, bag: DisposeBag) throws -> Pilot {
    let form = Form()
    let row = form.addField("Age", field)
    form.addField("Next", TextField())
    field.rx.parseError.bind(to: row.rx.error).disposed(by: bag)
    let pilot = try Pilot(root: form, size: Size(width: 50, height: 8))
    pilot.press(.end)
    return pilot
}

@MainActor
@Suite("Typed binding")
struct TypedBindingTests {
    @Test("on bind the model wins: its value is formatted into the field")
    func modelWinsOnBind() throws {
        let field = TextField(text: "12")
        let age = BehaviorRelay(value: 42)
        let bag = DisposeBag()
        (field.rx.value(as: .integer(in: 0...150)) <-> age).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        #expect(pilot.lines[0] == "Age   42")
        #expect(age.value == 42)
    }

    @Test("a user edit that parses reaches the model once")
    func parsingEditReachesModelOnce() throws {
        let field = TextField()
        let age = BehaviorRelay(value: 0)
        let bag = DisposeBag()
        (field.rx.value(as: .integer(in: 0...150)) <-> age).disposed(by: bag)
        var received: [Int] = []
        age.skip(1).subscribe(onNext: { received.append($0) }).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        pilot.press(.backspace)
        pilot.type("7")
        #expect(received == [7])
        #expect(field.parseError == nil)
    }

    @Test("an edit that does not parse never reaches the model and keeps the text as typed")
    func failingEditKeepsText() throws {
        let field = TextField()
        let age = BehaviorRelay(value: 30)
        let bag = DisposeBag()
        (field.rx.value(as: .integer(in: 0...150)) <-> age).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        pilot.type("0")
        #expect(field.text == "300")
        #expect(age.value == 30)
        #expect(field.parseError == "Enter a whole number between 0 and 150")
        #expect(pilot.lines[0] == "Age   300")
    }

    @Test("the parse error shows under the field only after the field is left")
    func errorShowsAfterLeaving() throws {
        let field = TextField()
        let age = BehaviorRelay(value: 30)
        let bag = DisposeBag()
        (field.rx.value(as: .integer(in: 0...150)) <-> age).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        pilot.type("0")
        #expect(!pilot.screen.contains("Enter a whole number"))
        pilot.press(.tab)
        #expect(pilot.lines[1] == "      Enter a whole number between 0 and 150")
        pilot.press(.backTab, .backspace)
        #expect(!pilot.screen.contains("Enter a whole number"))
    }

    @Test("a model write reaches the field formatted and clears the parse error")
    func modelWriteFormatsAndClears() throws {
        let field = TextField()
        let age = BehaviorRelay(value: 30)
        let bag = DisposeBag()
        (field.rx.value(as: .integer(in: 0...150)) <-> age).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        pilot.type("0")
        age.accept(31)
        #expect(field.text == "31")
        #expect(field.parseError == nil)
        pilot.press(.end)
        #expect(pilot.lines[0] == "Age   31")
    }

    @Test("a model write equal to what the text parses to leaves the text alone")
    func noReformatUnderFingers() throws {
        let field = TextField()
        let age = BehaviorRelay(value: 0)
        let bag = DisposeBag()
        (field.rx.value(as: .integer(in: 0...150)) <-> age).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        pilot.press(.backspace)
        pilot.type("007")
        #expect(age.value == 7)
        age.accept(7)
        #expect(field.text == "007")
    }

    @Test("a model that rewrites the value during delivery is heard by the field, with no loop")
    func queuedWriteDuringDelivery() throws {
        let field = TextField()
        let age = BehaviorRelay(value: 0)
        let bag = DisposeBag()
        (field.rx.value(as: .integer()) <-> age).disposed(by: bag)
        var writes = 0
        age.subscribe(onNext: { value in
            writes += 1
            if value > 100 { age.accept(100) }
        }).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        pilot.press(.backspace)
        pilot.type("500")
        #expect(age.value == 100)
        #expect(field.text == "100")
        #expect(writes < 10)
    }

    @Test("after disposal neither side hears the other")
    func disposalStopsBothWays() throws {
        let field = TextField()
        let age = BehaviorRelay(value: 5)
        let bag = DisposeBag()
        let binding = field.rx.value(as: .integer()) <-> age
        let pilot = try makePilot(for: field, bag: bag)
        binding.dispose()
        pilot.type("1")
        #expect(age.value == 5)
        age.accept(9)
        #expect(field.text == "51")
    }

    @Test("decimals use . whatever the locale, keep 1. as typed and format the fraction digits")
    func decimals() throws {
        let field = TextField()
        let price = BehaviorRelay(value: 2.5)
        let bag = DisposeBag()
        (field.rx.value(as: .decimal(fractionDigits: 2)) <-> price).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        #expect(field.text == "2.50")
        pilot.press(.ctrl("u"))
        pilot.type("1.")
        #expect(price.value == 1)
        #expect(field.text == "1.")
        pilot.type("234")
        #expect(field.parseError == "Enter a number with at most 2 decimals")
        #expect(price.value == 1.23)
    }

    @Test(
        "a decimal rounded to its fraction digits carries into the whole part and reads back as the rounded value",
        arguments: [(1.999, "2.00", 2.0), (-0.996, "-1.00", -1.0), (9.995, "9.99", 9.99), (0.005, "0.01", 0.01)])
    func decimalRoundingCarries(value: Double, shown: String, readBack: Double) throws {
        let field = TextField()
        let price = BehaviorRelay(value: value)
        let bag = DisposeBag()
        (field.rx.value(as: .decimal(fractionDigits: 2)) <-> price).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        #expect(field.text == shown)
        #expect(TextFormat<Double>.decimal(fractionDigits: 2).parse(shown) == readBack)
        pilot.press(.end)
        pilot.type("0")  // one more zero: too many decimals, the model keeps its value
        #expect(field.parseError == "Enter a number with at most 2 decimals")
        pilot.press(.backspace)
        #expect(field.parseError == nil)
        #expect(price.value == readBack)
    }

    @Test("a model decimal far beyond Int's range reaches the field digit by digit and reads back")
    func hugeDecimal() throws {
        let field = TextField()
        let amount = BehaviorRelay(value: 1.5e20)
        let bag = DisposeBag()
        (field.rx.value(as: .decimal(fractionDigits: 2)) <-> amount).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        #expect(field.text == "150000000000000000000.00")
        pilot.press(.home)
        pilot.type("1")
        #expect(amount.value == 1.15e21)
        amount.accept(-.greatestFiniteMagnitude)
        #expect(field.text.count == 313 && field.text.hasPrefix("-17976931348623157"))
    }

    @Test("a decimal format writes NaN and the infinities as Swift does, and no text reads as them")
    func nonFiniteDecimals() {
        let format = TextFormat<Double>.decimal(fractionDigits: 2)
        #expect([format.format(.nan), format.format(.infinity), format.format(-.infinity)] == ["nan", "inf", "-inf"])
        #expect(format.parse("nan") == nil && format.parse("inf") == nil)
    }

    @Test("an optional format reads empty text as nil and writes nil as empty text")
    func optionalValues() throws {
        let field = TextField()
        let age = BehaviorRelay<Int?>(value: 3)
        let bag = DisposeBag()
        (field.rx.value(as: .optional(.integer(in: 0...150))) <-> age).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        pilot.press(.backspace)
        #expect(age.value == nil)
        age.accept(nil)
        age.accept(12)
        #expect(field.text == "12")
        age.accept(nil)
        #expect(field.text == "")
    }

    @Test("a custom format parses and formats with its closures and reports its message")
    func customFormat() throws {
        let yesNo = TextFormat<Bool>(
            message: "Enter yes or no", parse: { ["yes": true, "no": false][$0] },
            format: { $0 ? "yes" : "no" })
        let field = TextField()
        let agreed = BehaviorRelay(value: false)
        let bag = DisposeBag()
        (field.rx.value(as: yesNo) <-> agreed).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        pilot.press(.ctrl("u"))
        pilot.type("yes")
        #expect(agreed.value == true)
        pilot.type("!")
        #expect(field.parseError == "Enter yes or no")
    }

    @Test("the format's input filter applies by default and an app can replace it")
    func inputFilter() throws {
        let field = TextField()
        let age = BehaviorRelay(value: 1)
        let bag = DisposeBag()
        (field.rx.value(as: .integer(in: 0...150)) <-> age).disposed(by: bag)
        let pilot = try makePilot(for: field, bag: bag)
        pilot.type("x-2")
        #expect(field.text == "12")
        field.inputFilter = nil
        pilot.type("x")
        #expect(field.text == "12x")
        #expect(age.value == 12)
    }
}

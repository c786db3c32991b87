import Testing
import TetherReactive

@MainActor
@Suite("<-> reflection")
struct TwoWayBindingReflectionTests {
    @Test("dumping a binding shows neither side's value")
    func dumpHidesValues() {
        let field = BehaviorRelay(value: "")
        let secret = BehaviorRelay(value: "s3cr3t")
        let binding = field <-> secret
        var text = ""
        dump(binding, to: &text)
        #expect(field.value == "s3cr3t")
        #expect(!text.contains("s3cr3t"), "\(text)")
        binding.dispose()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FormAnswers {
    /// This process's environment, as ``init(for:names:arguments:environment:file:readStandardInput:)``
    /// takes it. (A server session passes its client's environment instead.)
    public static var processEnvironment: [String: String] { processEnvironment(withPrefix: "") }

    /// The variables of this process's environment whose names start with `prefix` (the
    /// form's, `ONBOARDING_`): all a form's answers need, without copying the rest.
    public static func processEnvironment(withPrefix prefix: String) -> [String: String] {
        var result: [String: String] = [:]
        #if canImport(Darwin)
        guard var entry = _NSGetEnviron()?.pointee else { return result }
        #else
        var entry = environ
        #endif
        let wanted = Array(prefix.utf8CString.dropLast())
        while let pointer = entry.pointee {
            guard strncmp(pointer, wanted, wanted.count) == 0 else {
                entry += 1
                continue
            }
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// Standard input's text, up to 64 KB: what `--password-file -` reads.
    public static func readStandardInput() -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= 64 * 1024 {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}

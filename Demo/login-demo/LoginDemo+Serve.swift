#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `login-demo --serve [HOST:]PORT`: runs `login-demo-serve`, the program beside this one
/// that serves the form over SSH, with the same arguments. The server is a program of its own
/// so that the form's own start-up pays nothing for swift-nio, swift-crypto or Foundation
/// (decision 0115).
extension LoginDemo {
    /// The server program's path: beside this executable.
    static var serverProgram: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let own =
            length > 0
            ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments[0]
        let folder = own.lastIndex(of: "/").map { String(own[..<$0]) } ?? "."
        return folder + "/login-demo-serve"
    }

    /// Replaces this process with `login-demo-serve` and the arguments given; never returns.
    static func forwardToServer() -> Never {
        let program = serverProgram
        let arguments = ["login-demo-serve"] + CommandLine.arguments.dropFirst()
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(program, &pointers)
        let reason = String(cString: strerror(errno))
        printError(
            "login-demo: --serve runs \(program), which cannot start (\(reason)): build it with `swift build` "
                + "(or run `swift run login-demo-serve --serve PORT`)")
        exitProcess(2)
    }
}

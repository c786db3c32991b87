import Dispatch
import Tether
import TetherSSH
import WorkshopCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `workshop-example [PORT]`: a workshop sign-up served over SSH to anyone (docs/serving.md,
/// "Shared state"). Each person gets their own form; the places left and the list of who
/// signed up are one value every session shows, live.
@main
struct WorkshopExample {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count <= 1, let port = Int(arguments.first ?? "2222"), (0...65_535).contains(port) else {
            ProgramOutput.fail("usage: workshop-example [PORT] (serves on 127.0.0.1, 2222 by default)", status: 2)
        }
        let hostKey: HostKeyFile
        do {
            hostKey = try HostKeyFile.loadOrCreate(at: "workshop-host-key")
        } catch {
            ProgramOutput.fail("workshop-example: \(error)", status: 2)
        }
        Task { @MainActor in
            let workshop = Workshop(title: "Swift on the server", capacity: 12)
            let server = SSHServer(
                configuration: .init(port: port, hostKey: hostKey, authentication: .anonymous)
            ) { session in
                let screen = WorkshopScreen(workshop: workshop)
                session.keep(screen)
                let app = Application(root: screen.root, backend: session.backend)
                screen.attach(to: app)
                session.farewell = "See you at the workshop."
                return app
            }
            do {
                try await server.start()
            } catch {
                ProgramOutput.fail("workshop-example: cannot listen on port \(port): \(error)", status: 2)
            }
            ProgramOutput.printError("workshop-example: try ssh -p \(server.port) localhost (anyone may sign in)")
            try? await server.run()
            exit(0)
        }
        dispatchMain()
    }
}

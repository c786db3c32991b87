import CatalogCore
import Tether

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `tether-catalog`: every widget, container and presentation of Tether in a list, the
/// chosen one live beside its view model's state and the code that makes it. ↑/↓ choose,
/// Tab goes into the example, Esc or Ctrl-C quits. Exit status 0, or 2 without a usable
/// terminal.
@MainActor
func runCatalog() -> Int32 {
    let screen = CatalogScreen()
    let app = Application(root: screen.root, backend: CursesBackend(options: .init()))
    screen.attach(to: app)
    do {
        return try app.runOnMainThread().signalStatus ?? 0
    } catch {
        ProgramOutput.printError("tether-catalog: \(error)")
        return 2
    }
}

exit(MainActor.assumeIsolated { runCatalog() })

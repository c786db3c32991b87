#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The hyperlink addresses of the process's styles, each stored once so that a style (and
/// so a cell) can name its link in two bytes: id `n` is the address at index `n - 1`, 0 none.
///
/// `@unchecked Sendable`: every access to `links` and `ids` holds `lock`, a pthread mutex
/// (as ``GraphemeTable``'s).
package final class LinkTable: @unchecked Sendable {
    /// The process's table.
    package static let shared = LinkTable()
    static let capacity = Int(UInt16.max)

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var links: [String] = []
    private var ids: [String: UInt16] = [:]

    private init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    /// The id of `link`, added when new; 0 (no link) when the table is full.
    package func id(of link: String) -> UInt16 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let known = ids[link] { return known }
        guard links.count < Self.capacity else { return 0 }
        links.append(link)
        let id = UInt16(links.count)
        ids[link] = id
        return id
    }

    /// The address at `index` (an id minus one).
    package func link(at index: Int) -> String {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return links[index]
    }
}

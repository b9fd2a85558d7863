#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many files a run may hold open at once (`ulimit -n`).
///
/// libdispatch opens its event loop's descriptors (an epoll, an eventfd and
/// a timer) on first use from a thread of its own, and stops the process
/// when it cannot: with too few descriptors busylife died of a signal
/// part way through, instead of saying why.
enum DescriptorLimit {
    /// The standard streams, libdispatch's three, an input, a folder being
    /// walked, the temporary file of far series and the output's temporary
    /// file, with room to spare.
    static let needed = 16

    /// Raises the soft limit to `needed` when the hard limit allows it.
    /// Returns the limit when even the hard one is below `needed`.
    static func shortfall() -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != unlimited,
              limit.rlim_cur < rlim_t(needed) else { return nil }
        if limit.rlim_max == unlimited || limit.rlim_max >= rlim_t(needed) {
            limit.rlim_cur = rlim_t(needed)
            if setrlimit(resource, &limit) == 0 { return nil }
        }
        return Int(limit.rlim_cur)
    }

    /// RLIM_INFINITY, which Swift does not import from the C macro.
    private static let unlimited = rlim_t.max

    #if os(Linux)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}

import Foundation

/// The process's environment variables, read once. `ProcessInfo`'s
/// `environment` builds a new dictionary from `environ` at every call, and
/// one run asks for `TZ`, the locale variables, `NO_COLOR` and the
/// configuration's paths from several places.
enum ProcessEnvironment {
    static let variables: [String: String] = fromEnviron()

    /// `environ` as a dictionary: an entry without `=` left out, a later
    /// entry of one name over an earlier one, as `ProcessInfo.environment`
    /// has them; each split at its first `=` byte, as `getenv` finds names
    /// (`ProcessInfo` splits by `Character`s, and drops an entry whose `=`
    /// joins the next character, `A=\u{301}x`), and its way, into a
    /// dictionary grown as it went, was a noticeable part of a short run.
    private static func fromEnviron() -> [String: String] {
        var count = 0
        while environ[count] != nil { count += 1 }
        var variables: [String: String] = [:]
        variables.reserveCapacity(count)
        for index in 0..<count {
            guard let entry = environ[index], let equals = strchr(entry, 0x3D) else { continue }
            let nameLength = equals - entry
            let name = String(decoding: UnsafeRawBufferPointer(start: entry, count: nameLength), as: UTF8.self)
            variables[name] = String(cString: equals + 1)
        }
        return variables
    }
}

import Foundation

/// The process's environment variables, read once. `ProcessInfo`'s
/// `environment` builds a new dictionary from `environ` at every call, and
/// one run asks for `TZ`, the locale variables, `NO_COLOR` and the
/// configuration's paths from several places.
enum ProcessEnvironment {
    static let variables: [String: String] = ProcessInfo.processInfo.environment
}

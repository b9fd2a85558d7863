import Foundation

extension SubscriptionResult {
    /// How long ago, as people say it: `under a minute ago`, `12 min ago`, `2 h ago`, `3 d ago`.
    package static func spoken(age seconds: Double) -> String {
        switch seconds {
        case ..<60: "under a minute ago"
        case ..<3600: "\(Int(seconds / 60)) min ago"
        case ..<172_800: "\(Int(seconds / 3600)) h ago"
        default: "\(Int(seconds / 86400)) d ago"
        }
    }
}

extension SubscriptionResult {
    /// A byte count for people: `812 bytes`, `35.2 KiB`, `3.1 MiB`.
    package static func spoken(bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1 << 20 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }
}

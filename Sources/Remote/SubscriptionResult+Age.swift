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

/// Equal values kept once: the rules and titles that many series repeat
/// share one buffer instead of one each. At most `limit` distinct values
/// are remembered; past that a value not yet kept is returned as it is.
///
/// Kept here, beside its only user, rather than in Plumbing: a member of
/// a generic `package` type is not specialized in another module, even
/// when `@inlinable`, and the generic `Set` lookup it does instead goes
/// through the runtime's metadata and witnesses for every value.
struct Interner<Value: Hashable> {
    private var kept: Set<Value> = []
    private let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// The kept value equal to `value`, else `value` (kept while there is room).
    mutating func callAsFunction(_ value: Value) -> Value {
        if let index = kept.firstIndex(of: value) { return kept[index] }
        if kept.count < limit { kept.insert(value) }
        return value
    }
}

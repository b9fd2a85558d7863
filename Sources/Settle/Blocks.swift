/// Values appended in blocks of 4,096 (the first grows to that size): no
/// array of them all is copied when it grows, and no more than a block is
/// held unused.
///
/// In Settle, which holds most of them, rather than in Plumbing: the
/// members of a generic `package` type are not specialized in another
/// module (`@inlinable` or not), and each access there asked the runtime
/// for the metadata of the arrays of its element.
package struct Blocks<Element> {
    private var blocks: [[Element]] = []
    package private(set) var count = 0

    package init() {}
    private static var shift: Int { 12 }

    /// Appends `element`; its index.
    @discardableResult
    package mutating func append(_ element: Element) -> Int {
        if blocks.isEmpty || blocks[blocks.count - 1].count == 1 << Self.shift {
            blocks.append([])
            if blocks.count > 1 { blocks[blocks.count - 1].reserveCapacity(1 << Self.shift) }
        }
        blocks[blocks.count - 1].append(element)
        count += 1
        return count - 1
    }

    package subscript(index: Int) -> Element {
        get { blocks[index >> Self.shift][index & (1 << Self.shift - 1)] }
        set { blocks[index >> Self.shift][index & (1 << Self.shift - 1)] = newValue }
    }

    /// Every element, in order.
    package var all: FlattenSequence<[[Element]]> { blocks.joined() }
}

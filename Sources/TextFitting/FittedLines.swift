/// The lines of a fit, top to bottom.
///
/// A fit stores its lines. A re-fit of prepared text stores none: it places each line when it is
/// read, from the layout the prepared text keeps (each line's range and width in em), so that
/// reading a re-fit's lines allocates nothing and a line read only for its geometry costs a few
/// multiplications. Either way the lines are the same values, and setting one stores them all.
public struct FittedLines: RandomAccessCollection, MutableCollection, Sendable, Hashable, Encodable,
    CustomStringConvertible, ExpressibleByArrayLiteral
{
    public typealias Index = Int

    /// The lines, unless they are placed when read (then `placed` has them).
    @usableFromInline var stored: [FittedLine]
    /// A layout's lines before placement, with the input they show, and where they go.
    @usableFromInline var placed: Optional<(layout: UnplacedLayout, placement: LineBoxPlacement)>

    package init(_ lines: [FittedLine]) {
        stored = lines
        placed = nil
    }

    /// `layout`'s lines placed by `placement` as they are read.
    init(placing layout: UnplacedLayout, by placement: LineBoxPlacement) {
        stored = []
        placed = (layout, placement)
    }

    public init(arrayLiteral lines: FittedLine...) {
        self.init(lines)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { placed?.layout.lines.count ?? stored.count }

    @inlinable public subscript(index: Int) -> FittedLine {
        get {
            if let (layout, placement) = placed {
                placement.place(layout.lines[index], at: index, of: layout.source, lineHeight: layout.lineHeight)
            } else {
                stored[index]
            }
        }
        set { replace(at: index, with: newValue) }
    }

    /// An iterator over the lines, top to bottom.
    @inlinable public func makeIterator() -> Iterator { Iterator(self) }

    /// The lines one by one. It checks once per line whether they are placed when read; indexing
    /// checked twice (the end index and the subscript each unwrapped the placed layout).
    public struct Iterator: IteratorProtocol {
        @usableFromInline let stored: [FittedLine]
        @usableFromInline let placed: Optional<(layout: UnplacedLayout, placement: LineBoxPlacement)>
        @usableFromInline var index = 0

        @inlinable init(_ lines: FittedLines) {
            stored = lines.stored
            placed = lines.placed
        }

        /// The next line, or nil after the last.
        @inlinable public mutating func next() -> FittedLine? {
            let index = self.index
            if let (layout, placement) = placed {
                guard index < layout.lines.count else { return nil }
                self.index += 1
                return placement.place(layout.lines[index], at: index, of: layout.source, lineHeight: layout.lineHeight)
            }
            guard index < stored.count else { return nil }
            self.index += 1
            return stored[index]
        }
    }

    /// Stores the lines, placed now if they are placed when read, then sets one.
    @usableFromInline
    mutating func replace(at index: Int, with line: FittedLine) {
        if placed != nil { self = FittedLines(storedLines()) }
        stored[index] = line
    }

    /// The lines as stored lines, placed now if they are placed when read.
    func storedLines() -> [FittedLine] {
        placed == nil ? stored : Array(self)
    }

    public static func == (lhs: FittedLines, rhs: FittedLines) -> Bool {
        lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for line in self { hasher.combine(line) }
    }

    /// A JSON array of the lines.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for line in self { try container.encode(line) }
    }

    public var description: String { Array(self).description }
}

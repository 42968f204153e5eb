/// JSON written value by value as it is produced, into UTF-8 bytes: no tree of values is built
/// first: a `check` report line built as a ``JSON`` tree would cost as much again as writing it
/// (scripts/bench-check). Values are spelled exactly as ``JSON`` spells them.
///
/// Commas are placed by the writer: a value or key that follows a value in the same container
/// gets one.
package struct JSONBytes {
    package private(set) var bytes: [UInt8] = []
    /// Whether the last thing written was a value (a comma goes before the next key or element).
    private var followsValue = false

    package init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func beginObject() { open(UInt8(ascii: "{")) }
    package mutating func endObject() { close(UInt8(ascii: "}")) }
    package mutating func beginArray() { open(UInt8(ascii: "[")) }
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    /// An object member's key, a plain ASCII name: written as it is, without escaping.
    package mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.appendLiteral(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        followsValue = false
    }

    package mutating func string(_ text: String) {
        value { JSON.quote(text, to: &$0) }
    }

    package mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    package mutating func number(_ number: Double) {
        value { JSON.writeNumber(number, to: &$0) }
    }

    package mutating func number(_ number: Double?) {
        if let number { self.number(number) } else { null() }
    }

    package mutating func integer(_ integer: Int) {
        value { JSON.writeInteger(integer, to: &$0) }
    }

    package mutating func bool(_ bool: Bool) {
        value { $0.appendLiteral(bool ? "true" : "false") }
    }

    package mutating func null() {
        value { $0.appendLiteral("null") }
    }

    /// An array of strings.
    package mutating func strings(_ texts: [String]) {
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    /// An object member: its key, then its value.
    package mutating func member(_ name: StaticString, _ text: String?) {
        key(name)
        string(text)
    }

    package mutating func member(_ name: StaticString, _ value: Double?) {
        key(name)
        number(value)
    }

    package mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    package mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    package mutating func member(_ name: StaticString, _ texts: [String]) {
        key(name)
        strings(texts)
    }

    /// A value already written as JSON bytes (one value, as another `JSONBytes` wrote it).
    package mutating func encoded(_ json: [UInt8]) {
        value { $0.append(contentsOf: json) }
    }

    /// A value already held as a tree.
    package mutating func value(_ json: JSON) {
        value { json.write(to: &$0) }
    }

    /// Raw bytes between values, such as the newline that ends a JSON Lines record: the next value
    /// starts a new document.
    package mutating func append(_ byte: UInt8) {
        bytes.append(byte)
        followsValue = false
    }

    /// One value, after a comma when it follows another: `write` appends its bytes.
    @inline(__always)
    private mutating func value(_ write: (inout [UInt8]) -> Void) {
        separate()
        write(&bytes)
        followsValue = true
    }

    private mutating func separate() {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        followsValue = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        followsValue = true
    }
}

extension [UInt8] {
    /// Appends a literal's bytes from the static string in place: an array literal would allocate
    /// and a string's UTF-8 view would go through the generic sequence path, for every key written
    /// (scripts/bench-check).
    package mutating func appendLiteral(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}

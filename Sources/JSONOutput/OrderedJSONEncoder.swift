/// Encodes a library result (`Encodable`) as a ``JSON``, keeping members in the order the
/// result's `encode(to:)` writes them — the order the JSON contract documents — which Foundation's
/// JSONEncoder does not keep. The CLI prints what the library encodes, then adds what only the
/// command knows (the fonts it resolved, `fitSize`).
package enum OrderedJSONEncoder {
    package static func encode(_ value: some Encodable) throws -> JSON {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return root.json
    }

    /// A value being written: empty until a container or a single value claims it.
    final class Node {
        enum Content {
            case empty
            case single(JSON)
            case keyed([(String, Node)])
            case unkeyed([Node])
        }
        var content = Content.empty

        var json: JSON {
            switch content {
            case .empty: .null
            case .single(let value): value
            case .keyed(let members): .object(members.map { ($0.0, $0.1.json) })
            case .unkeyed(let elements): .array(elements.map(\.json))
            }
        }

        func child(forKey key: String) -> Node {
            let node = Node()
            if case .keyed(var members) = content {
                // Let go of the stored array first, so that the append grows a unique one in place
                // instead of copying it: an array of n members would cost O(n²) to build.
                content = .empty
                members.append((key, node))
                content = .keyed(members)
            } else {
                content = .keyed([(key, node)])
            }
            return node
        }

        func appendedChild() -> Node {
            let node = Node()
            if case .unkeyed(var elements) = content {
                // As in `child(forKey:)`: the append must not copy the array.
                content = .empty
                elements.append(node)
                content = .unkeyed(elements)
            } else {
                content = .unkeyed([node])
            }
            return node
        }

        /// Numbers, strings, booleans and nil become JSON scalars; anything else encodes itself.
        ///
        /// Each integer type is named rather than cast to `any BinaryInteger`: a cast to a protocol
        /// scans every conformance record of the executable for each type it meets first, and a
        /// short process meets them all first (0.6 million instructions of a label's `fit --json`).
        func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
            switch value {
            case let number as Double: content = .single(.number(number))
            case let number as Float: content = .single(.number(Double(number)))
            case let number as Int: content = .single(.integer(number))
            case let text as String: content = .single(.string(text))
            case let flag as Bool: content = .single(.bool(flag))
            case let number as Int32: content = .single(.integer(Int(number)))
            case let number as UInt32: content = .single(.integer(Int(number)))
            case let number as Int64: content = .single(.integer(Int(number)))
            case let number as UInt64: content = .single(.integer(Int(truncatingIfNeeded: number)))
            case let number as UInt: content = .single(.integer(Int(truncatingIfNeeded: number)))
            case let number as Int16: content = .single(.integer(Int(number)))
            case let number as UInt16: content = .single(.integer(Int(number)))
            case let number as Int8: content = .single(.integer(Int(number)))
            case let number as UInt8: content = .single(.integer(Int(number)))
            default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
            }
        }
    }

    struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .keyed = node.content {} else { node.content = .keyed([]) }
            return KeyedEncodingContainer(Keyed(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .unkeyed = node.content {} else { node.content = .unkeyed([]) }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(node: node, codingPath: codingPath)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).content = .single(.null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: String, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(value, key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try store(value, key) }

        private func store(_ value: some Encodable, _ key: Key) throws {
            try node.child(forKey: key.stringValue).store(value, codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int {
            if case .unkeyed(let elements) = node.content { return elements.count }
            return 0
        }

        mutating func encodeNil() throws { node.appendedChild().content = .single(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.appendedChild().store(value, codingPath: codingPath) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.appendedChild(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.appendedChild(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appendedChild(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .single(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small element tree built with Foundation's `XMLParser`, keeping each element's line, so that the
/// XML catalog readers can walk mixed content (text with inline elements) in order.
final class XMLElementNode {
    enum Child {
        case text(String)
        case element(XMLElementNode)
    }

    let name: String
    let attributes: [String: String]
    let line: Int
    var children: [Child] = []

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The name without a namespace prefix.
    var localName: String { name.split(separator: ":").last.map(String.init) ?? name }

    var elements: [XMLElementNode] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    func elements(named localName: String) -> [XMLElementNode] {
        elements.filter { $0.localName == localName }
    }

    func first(_ localName: String) -> XMLElementNode? { elements.first { $0.localName == localName } }

    /// An attribute by its local name, whatever its prefix (`slr:sizeRestriction`).
    func attribute(_ localName: String) -> String? {
        if let value = attributes[localName] { return value }
        return attributes.first { $0.key.split(separator: ":").last.map(String.init) == localName }?.value
    }

    /// All text inside, elements included, in order.
    var allText: String {
        children.map {
            switch $0 {
            case .text(let text): text
            case .element(let element): element.allText
            }
        }.joined()
    }

    static func parse(_ data: Data, catalog: String) throws(CatalogError) -> XMLElementNode {
        // A document in UTF-8 (XML's default) must be UTF-8 throughout, and one in another encoding
        // must name one libxml2 converts: libxml2 recovers from a bad byte or an unknown encoding by
        // guessing, and Foundation's parser then crashes on an element name that is not UTF-8 (found
        // by FuzzCatalogs).
        switch declaredEncoding(data) {
        case "utf-8", "utf8", "us-ascii", "ascii":
            if let line = lineOfInvalidUTF8(data) {
                throw CatalogError(catalog: catalog, line: line, message: "malformed XML: a byte sequence that is not UTF-8")
            }
        case "utf-16", "iso-8859-1", "latin1", "iso-latin-1": break
        case let other:
            throw CatalogError(
                catalog: catalog, line: 1,
                message: "malformed XML: the encoding '\(other)' (XML catalogs are read in UTF-8, UTF-16 or ISO-8859-1)")
        }
        if let line = lineOfEmptyProcessingInstruction(data) {
            throw CatalogError(
                catalog: catalog, line: line,
                message: "malformed XML: a processing instruction with nothing after its name (<?name?>)")
        }
        let parser = XMLParser(data: data)
        let builder = Builder(parser: parser)
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        if !parser.parse() || builder.root == nil {
            let error = parser.parserError.map { Self.describe(($0 as NSError).code) } ?? "not XML"
            let line = builder.errorLine ?? parser.lineNumber
            throw CatalogError(catalog: catalog, line: max(1, line), message: "malformed XML: \(error)")
        }
        // A document with a DOCTYPE (property lists have one) may use entities its DTD declares, so
        // libxml2 takes an undeclared one without an error and leaves it out of the text.
        if let (entity, line) = builder.undeclaredEntity {
            throw CatalogError(
                catalog: catalog, line: line, message: "malformed XML: an undeclared entity &\(entity); (write &amp; for '&')")
        }
        // Foundation's parser reports success for a document cut short (libxml2 is never told the
        // input ended): an element still open at the end is a truncated file, not a shorter one.
        if let open = builder.stack.last {
            throw CatalogError(
                catalog: catalog, line: lastLine(of: data),
                message: "malformed XML: the file ends inside <\(open.name)> (opened on line \(open.line)): cut short?")
        }
        return builder.root!
    }

    /// A document's encoding by XML's rules, lowercased: `utf-16` after a UTF-16 byte order mark,
    /// else the one its declaration names, else `utf-8`.
    static func declaredEncoding(_ data: Data) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { return "utf-16" }
        let head = String(decoding: data.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.range(of: "?>"),
            let encoding = head[..<end.lowerBound].range(of: #"encoding\s*=\s*["'][^"']*["']"#, options: .regularExpression)
        else { return "utf-8" }
        let value = head[encoding].drop(while: { $0 != "\"" && $0 != "'" }).dropFirst().dropLast()
        return value.lowercased()
    }

    /// The line of the first `<?name?>`: libxml2 hands such a processing instruction, or a bare
    /// `<?xml?>`, over with no data, and Foundation's parser then reads a null pointer (found by
    /// FuzzCatalogs). No catalog has one.
    static func lineOfEmptyProcessingInstruction(_ data: Data) -> Int? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var line = 1
            var index = 0
            while index + 1 < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A { line += 1 }
                if byte == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") {
                    var end = index + 2
                    while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?")].contains(bytes[end]) { end += 1 }
                    if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                        return line
                    }
                }
                index += 1
            }
            return nil
        }
    }

    /// The 1-based number of the line a file ends on.
    static func lastLine(of data: Data) -> Int {
        data.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// An attribute that must be a number (a size limit): nil when absent, an error naming it when
    /// it is not a number.
    func number(_ localName: String, catalog: String) throws(CatalogError) -> Double? {
        guard let text = attribute(localName) else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 else {
            throw CatalogError(
                catalog: catalog, line: line, message: "<\(name)> \(localName)=\"\(text)\" is not a number")
        }
        return value
    }

    /// What libxml2's error codes (which XMLParser reports as its codes) mean, for the common ones.
    static func describe(_ code: Int) -> String {
        let meaning: String? = switch code {
        case 4: "the document is empty"
        case 5: "extra content after the root element"
        case 9: "a character XML does not allow"
        case 23: "an entity reference without its ';'"
        case 26: "an undeclared entity"
        case 38, 39, 41: "a malformed attribute"
        case 68: "a name was expected: a bare '&' or '<' in text? (write &amp; or &lt;)"
        case 73: "'>' expected"
        case 76: "a closing tag that does not match the open element"
        case 77: "an element that is never closed"
        default: nil
        }
        return (meaning.map { $0 + " " } ?? "") + "(libxml2 error \(code))"
    }

    private final class Builder: NSObject, XMLParserDelegate {
        weak var parser: XMLParser?
        var root: XMLElementNode?
        var stack: [XMLElementNode] = []
        /// The line where libxml2 first reported an error (the parser's own line moves on after it).
        var errorLine: Int?

        /// The first entity neither XML nor the document declares, and its line.
        var undeclaredEntity: (String, Int)?

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
            if undeclaredEntity == nil { undeclaredEntity = (name, parser.lineNumber) }
            return nil
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if errorLine == nil { errorLine = parser.lineNumber }
        }

        init(parser: XMLParser) { self.parser = parser }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = XMLElementNode(name: elementName, attributes: attributes, line: parser.lineNumber)
            if let parent = stack.last { parent.children.append(.element(element)) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.children.append(.text(string))
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            stack.last?.children.append(.text(String(decoding: CDATABlock, as: UTF8.self)))
        }
    }
}

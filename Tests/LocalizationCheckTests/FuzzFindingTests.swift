import Foundation
import Testing

@testable import LocalizationCheck

/// Inputs FuzzCatalogs found, made again from the fixture catalogs they came from.
@Suite struct FuzzFindingTests {
    /// Found by FuzzCatalogs: bytes that are not UTF-8 inside an element name of a UTF-8 document made
    /// libxml2 guess another encoding, and Foundation's XMLParser crashed on the name. Every XML
    /// format refuses the file at the line of the bad bytes.
    @Test(arguments: [
        ("apple/de.lproj/Localizable.stringsdict", "<string>d</string>"),
        ("android/res/values-de/strings.xml", "<string name=\"folder_Documents\">"),
        ("xliff/de.xlf", "<target state=\"translated\">Dokumente"),
    ])
    func bytesThatAreNotUTF8InAnElementName(_ catalog: String, _ element: String) throws {
        let path = Fixture.path("catalogs/" + catalog)
        let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        let range = try #require(text.range(of: element))
        let line = text[..<range.lowerBound].reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        var bytes = Array(text[..<range.lowerBound].utf8) + [UInt8(ascii: "<")] + [UInt8](repeating: 0xFF, count: 40)
        bytes += Array(text[text.index(after: range.lowerBound)...].utf8)
        #expect {
            _ = try CatalogReader.read(Data(bytes), path: path, sourceLocale: "en")
        } throws: { error in
            let error = error as! CatalogError
            return error.catalog == path && error.line == line && error.message.contains("UTF-8")
        }
    }

    /// Found by FuzzCatalogs: an XLIFF file declaring an encoding libxml2 does not know
    /// (`encoding="\u{1E}utf-8"`) made it guess, and Foundation's XMLParser crashed the same way.
    /// The declared encoding is refused on line 1.
    @Test func unknownDeclaredEncoding() throws {
        let path = Fixture.path("catalogs/xliff/de.xlf")
        let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        let broken = text.replacingOccurrences(of: #"encoding="UTF-8""#, with: "encoding=\"\u{1E}utf-8\"")
        #expect {
            _ = try CatalogReader.read(Data(broken.utf8), path: path, sourceLocale: "en")
        } throws: { error in
            let error = error as! CatalogError
            return error.line == 1 && error.message.contains("encoding")
        }
        // The same file in the encodings it may declare is read as it is in UTF-8.
        let utf8 = try CatalogReader.read(Data(text.utf8), path: path, sourceLocale: "en").strings.map(\.text)
        let latin1 = text.replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="ISO-8859-1""#)
        let read = try CatalogReader.read(try #require(latin1.data(using: .isoLatin1)), path: path, sourceLocale: "en")
        #expect(read.strings.map(\.text) == utf8)
    }

    /// Found by FuzzCatalogs: an XLIFF 2 `trgLang` of white space gave strings an empty locale. A
    /// declared language that is not a language tag is an error at its element (XLIFF) or header
    /// line (gettext).
    @Test(arguments: [
        ("xliff/fi.xlf", #"trgLang="fi""#, #"trgLang="  ""#, "<xliff"),
        ("xliff/de.xlf", #"target-language="de""#, #"target-language="de DE""#, "<file"),
        ("po/xdg-user-dirs/de.po", #""Language: de\n""#, #""Language: German, Austrian\n""#, #""Language:"#),
    ])
    func declaredLanguageThatIsNoTag(_ catalog: String, _ find: String, _ replacement: String, _ place: String) throws {
        let path = Fixture.path("catalogs/" + catalog)
        let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        let range = try #require(text.range(of: place))
        let line = text[..<range.lowerBound].reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        #expect(text.contains(find))
        let broken = text.replacingOccurrences(of: find, with: replacement)
        #expect {
            _ = try CatalogReader.read(Data(broken.utf8), path: path, sourceLocale: "en")
        } throws: { error in
            let error = error as! CatalogError
            return error.line == line && error.message.contains("not a language tag")
        }
    }

    /// Found by FuzzCatalogs: an Android file whose declaration was cut to `<?xml?>` made libxml2 pass
    /// a processing instruction without data, and Foundation's XMLParser read a null pointer. Such a
    /// processing instruction is an error at its line, in any XML format.
    @Test(arguments: [
        ("android/res/values-de/strings.xml", #"<?xml version="1.0" encoding="utf-8"?>"#, "<?xml?>"),
        ("xliff/de.xlf", "<xliff ", "<?php?>\n<xliff "),
    ])
    func processingInstructionWithoutData(_ catalog: String, _ find: String, _ replacement: String) throws {
        let path = Fixture.path("catalogs/" + catalog)
        let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        let range = try #require(text.range(of: find))
        let line = text[..<range.lowerBound].reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        let broken = text.replacingCharacters(in: range, with: replacement)
        #expect {
            _ = try CatalogReader.read(Data(broken.utf8), path: path, sourceLocale: "en")
        } throws: { error in
            let error = error as! CatalogError
            return error.line == line && error.message.contains("processing instruction")
        }
    }

    /// Found by FuzzCatalogs: a gettext `\x` escape with a long run of hex digits overflowed. C reads
    /// every hex digit, and a value past a byte is an error at its line; one that fits is that byte.
    @Test func gettextHexEscapeOutOfRange() throws {
        let path = Fixture.path("catalogs/po/xdg-user-dirs/fi.po")
        let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        let range = try #require(text.range(of: #"msgstr "Asiakirjat""#))
        let line = text[..<range.lowerBound].reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        for (escape, expected) in [(#"\x21"#, "Asiakirjat!"), (#"\x121"#, nil), (#"\x"# + String(repeating: "b", count: 40), nil)] {
            let changed = text.replacingCharacters(in: range, with: #"msgstr "Asiakirjat"# + escape + #"""#)
            do {
                let contents = try CatalogReader.read(Data(changed.utf8), path: path, sourceLocale: "en")
                #expect(contents.strings.first { $0.key == "Documents" }?.text == expected, "\(escape)")
            } catch {
                #expect(expected == nil && error.line == line && error.message.contains("out of range"), "\(escape): \(error)")
            }
        }
    }
}

import FontFit
import Foundation

/// Reads a catalog by its extension: `.po`, `.xml` (Android), `.xcstrings`, `.strings`, `.stringsdict`,
/// `.xlf`/`.xliff`, `.json`.
package enum CatalogReader {
    package static let extensions = ["po", "pot", "xml", "xcstrings", "strings", "stringsdict", "xlf", "xliff", "json"]

    package static func read(path: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CatalogError(catalog: path, line: nil, message: isDirectory.boolValue ? "a directory, not a catalog" : "no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(catalog: path, line: nil, message: "cannot be read")
        }
        return try read(data, path: path, sourceLocale: sourceLocale)
    }

    package static func read(_ data: Data, path: String, sourceLocale: String) throws(CatalogError) -> CatalogContents {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "po", "pot": return try GettextCatalog.read(data, catalog: path, sourceLocale: sourceLocale)
        case "xml": return try AndroidCatalog.read(data, catalog: path, sourceLocale: sourceLocale)
        case "xcstrings": return try XCStringsCatalog.read(data, catalog: path)
        case "strings": return try AppleStringsCatalog.readStrings(data, catalog: path, sourceLocale: sourceLocale)
        case "stringsdict": return try AppleStringsCatalog.readStringsdict(data, catalog: path, sourceLocale: sourceLocale)
        case "xlf", "xliff": return try XLIFFCatalog.read(data, catalog: path, sourceLocale: sourceLocale)
        case "json": return try JSONCatalog.read(data, catalog: path, sourceLocale: sourceLocale)
        case let other:
            throw CatalogError(
                catalog: path, line: nil,
                message: "unknown catalog format '.\(other)': expected one of \(extensions.map { "." + $0 }.joined(separator: ", "))")
        }
    }
}

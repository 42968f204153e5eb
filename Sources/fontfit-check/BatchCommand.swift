import ArgumentParser
import FontfitCommandLine
import Foundation
import LocalizationCheck

/// `fontfit batch`: JSON Lines in, JSON Lines out, one result per request in order, fonts cached.
struct BatchCommand: ParsableCommand {
    static let configuration = CatalogCommands.batch

    func run() throws {
        let runner = BatchRunner()
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            // Unbuffered, so that a tool waiting for this answer gets it now.
            FileHandle.standardOutput.write(Data((runner.respond(to: line) + "\n").utf8))
        }
    }
}

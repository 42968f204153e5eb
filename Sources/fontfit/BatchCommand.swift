import ArgumentParser
import Foundation
import LocalizationCheck

/// `fontfit batch`: JSON Lines in, JSON Lines out, one result per request in order, fonts cached.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Answer fit and measure requests, one JSON object per line on standard input, one result per line.",
        discussion: """
            A request: {"command":"fit","text":"Save","font":"F.ttf","frame":[120,44],"size":17,"min-scale":0.8,"line-limit":1}
            with the CLI's options by their long names. A bad request gets {"error":{"code":64,"message":…}} and the
            stream goes on.
            """)

    func run() throws {
        let runner = BatchRunner()
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            // Unbuffered, so that a tool waiting for this answer gets it now.
            FileHandle.standardOutput.write(Data((runner.respond(to: line) + "\n").utf8))
        }
    }
}

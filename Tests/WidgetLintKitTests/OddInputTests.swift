import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintReaders

/// Inputs a newcomer hands widgetlint by mistake: each is named for what it is, at the place the
/// mistake is, not by the symptom a parser meets later.
@Suite struct OddInputTests {
  /// A named pipe that nothing writes to is not an empty manifest.
  @Test func aFIFOIsCalledANamedPipe() throws {
    let folder = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("widgets.yaml").path
    try #require(mkfifo(fifo, 0o644) == 0)
    let result = try TestSupport.run([fifo])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "widgetlint: error: \(fifo): is a named pipe (FIFO) that nothing wrote to; widgetlint reads files, or '-' for standard input\n"
    )
  }

  /// A quote left open on its line is closed by the next quote, lines later: libyaml then fails on what
  /// follows that quote. The mistake is the quote that opened the string.
  @Test func aQuoteClosedOnALaterLineIsReportedAtItsOpening() throws {
    for (text, quote) in [
      ("app:\n  name: \"Pillar\n  bundleIdentifier: \"com.example.pillar\"\n", "\""),
      ("app:\n  name: 'Pillar\n  bundleIdentifier: 'com.example.pillar'\n", "'"),
    ] {
      let (_, problems) = YAMLParser().parse(SourceText(path: "t.yaml", text: text))
      #expect(problems.count == 1, "\(text)")
      let problem = try #require(problems.first)
      let range = problem.span.range
      let place: [Int] = [range.start.line, range.start.column, range.end.line, range.end.column]
      #expect(place == [2, 9, 2, 10], "\(text)")
      #expect(
        problem.message
          == "unclosed quote: the string opened here with \(quote) runs on to the \(quote) on line 3, and what follows that cannot be read"
      )
    }
    // A string that spans lines on purpose, and is followed by what reads, is no problem.
    let (_, fine) = YAMLParser().parse(
      SourceText(path: "t.yaml", text: "app:\n  name: \"Pillar\n    Valley\"\n  x: 1\n"))
    #expect(fine.isEmpty)
  }

  /// A binary file (here the start of a PNG image) is named as one, with no line of replacement
  /// characters quoted from it.
  @Test func aBinaryFileIsCalledOne() throws {
    let folder = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = folder.appendingPathComponent("widgets.yaml")
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 1]
    try Data(png).write(to: manifest)
    let result = try TestSupport.run(["--format", "text", manifest.path])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(manifest.path):1:1: error: binary file: widgetlint reads YAML or JSON text, and this file holds NUL bytes [yaml-syntax]
        1 error, 0 warnings, 0 notes in 1 file

        """)
    // An ELF executable starts with bytes that are valid UTF-8: it is binary all the same.
    let (_, problems) = YAMLParser().parse(
      SourceText(path: "t.yaml", bytes: [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0]))
    #expect(
      problems.map(\.message) == ["binary file: widgetlint reads YAML or JSON text, and this file holds NUL bytes"])
  }
}

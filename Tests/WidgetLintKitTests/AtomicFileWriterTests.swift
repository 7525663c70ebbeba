import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// The one writer of files (`-o`, baselines, manifests, `--fix`). Refusing a file that is not writable
/// is covered through the executable by `FixCLITests.unwritableFileIsAnInputErrorAndStaysAsItWas`.
@Suite struct AtomicFileWriterTests {
  private static func mode(_ path: String) throws -> Int {
    try #require((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
  }

  @Test func aNewFileIsCreatedWithTheUsualModeAndNothingElseIsLeft() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("report.txt").path
    try AtomicFileWriter.write("one\n", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\n")
    let mask = umask(0o022)
    umask(mask)
    #expect(try Self.mode(path) == 0o644 & ~Int(mask))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.txt"])
  }

  @Test func aReplacedFileKeepsItsPermissions() throws {
    let directory = try TestSupport.directory(with: [("widgets.yaml", "old contents that are longer\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("widgets.yaml").path
    chmod(path, 0o640)
    try AtomicFileWriter.write(Array("new\n".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    #expect(try Self.mode(path) == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["widgets.yaml"])
  }

  @Test func aSymbolicLinkStaysOneAndItsFileIsReplaced() throws {
    let directory = try TestSupport.directory(with: [("real/widgets.yaml", "old\n")])
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("widgets.yaml").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/widgets.yaml")
    try AtomicFileWriter.write("new\n", to: link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/widgets.yaml")
    let real = directory.appendingPathComponent("real/widgets.yaml").path
    #expect(try String(contentsOfFile: real, encoding: .utf8) == "new\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["real", "widgets.yaml"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/real") == ["widgets.yaml"])
  }

  @Test func aMissingFolderIsSaidInOneLine() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("missing/report.txt").path
    #expect(throws: AtomicFileWriter.WriteError(description: "the folder '\(directory.path)/missing' does not exist")) {
      try AtomicFileWriter.write("x", to: path)
    }
  }

  @Test func somethingThatIsNotARegularFileIsRefusedAndKept() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let pipe = directory.appendingPathComponent("pipe").path
    try #require(mkfifo(pipe, 0o644) == 0)
    #expect(throws: AtomicFileWriter.WriteError(description: "is not a regular file")) {
      try AtomicFileWriter.write("x", to: pipe)
    }
    var info = stat()
    #expect(lstat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pipe"])
  }

  @Test func aTemporaryNameLeftByAnEarlierRunIsSteppedOver() throws {
    let directory = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: directory) }
    let stale = directory.appendingPathComponent(".report.txt.\(getpid()).0.tmp").path
    try Data("stale".utf8).write(to: URL(fileURLWithPath: stale))
    let path = directory.appendingPathComponent("report.txt").path
    try AtomicFileWriter.write("fresh", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "fresh")
    #expect(try String(contentsOfFile: stale, encoding: .utf8) == "stale")
  }
}

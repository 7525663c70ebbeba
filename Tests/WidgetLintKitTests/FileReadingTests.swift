import Foundation
import Testing

@testable import WidgetLintCore

/// Reading many files side by side into reused buffers (the app code search), and checking UTF-8 a word
/// at a time: each gives what reading each file whole and decoding it scalar by scalar gives.
@Suite struct FileReadingTests {
  /// The offset the standard library's decoder stops at, scalar by scalar.
  private func referenceInvalidOffset(_ bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  @Test func utf8CheckAgreesWithTheDecoder() {
    var random = SplitMix64(seed: 41)
    // ASCII runs long enough to be passed eight bytes at a time, valid sequences of every width, and
    // the bytes that break them: a lone continuation, a truncated lead, an overlong form, a surrogate.
    let pieces: [[UInt8]] = [
      Array("widget ".utf8), Array("group.com.example".utf8), Array("é".utf8), Array("€".utf8), Array("𝄞".utf8),
      [0x80], [0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
    ]
    for round in 0..<2_000 {
      var bytes: [UInt8] = []
      for _ in 0..<random.next(below: 12) {
        // Mostly valid text, so that the first error falls anywhere in the input.
        let index = random.next(below: 100) < 90 ? random.next(below: 5) : random.next(below: pieces.count)
        bytes += pieces[index]
      }
      #expect(SourceText.firstInvalidUTF8Offset(bytes) == referenceInvalidOffset(bytes), "round \(round): \(bytes)")
    }
    #expect(SourceText.firstInvalidUTF8Offset(Array("abcdefghijklmnop\u{E9}".utf8)) == nil)
    #expect(SourceText.firstInvalidUTF8Offset(Array("abcdefghijklmnop".utf8) + [0x80]) == 16)
    #expect(SourceText.firstInvalidUTF8Offset([]) == nil)
  }

  /// Files of many sizes read one after another into one buffer that starts empty: each is lent whole.
  @Test func oneBufferServesFilesOfEverySize() throws {
    let sizes = [0, 1, 7, 8, 9, 4_096, 70_000, 3, 131_073, 0]
    let folder = try TestSupport.directory(
      with: sizes.enumerated().map { index, size in
        (path: "f\(index).txt", contents: String((0..<size).map { Character(Unicode.Scalar(97 + ($0 + index) % 26)!) }))
      })
    defer { try? FileManager.default.removeItem(at: folder) }
    var buffer: [UInt8] = []
    for (index, size) in sizes.enumerated() {
      let path = folder.appendingPathComponent("f\(index).txt").path
      let lent = try InputReader.withContents(of: path, maxSize: 1 << 20, buffer: &buffer) { Array($0) }.get()
      #expect(lent.count == size)
      #expect(lent == (try InputReader.read(path: path, maxSize: 1 << 20).get()))
    }
    func failure(reading path: String, maxSize: Int) -> String? {
      guard case .failure(let error) = InputReader.withContents(of: path, maxSize: maxSize, buffer: &buffer, \.count)
      else { return nil }
      return error.message
    }
    #expect(failure(reading: folder.appendingPathComponent("none").path, maxSize: 10) == "no such file or directory")
    #expect(failure(reading: folder.path, maxSize: 10) == "is a directory")
    #expect(
      failure(reading: folder.appendingPathComponent("f6.txt").path, maxSize: 69_999)
        == "is 68 KiB, over the 68 KiB limit for one input (--max-file-size raises it)")
  }

  /// A FIFO that nothing writes to, named as a project's file, is said to be one: opening it does not
  /// wait for a writer, and it is not taken for an empty file.
  @Test func aFIFOWithoutAWriterDoesNotHangTheRun() throws {
    let folder = try TestSupport.directory(with: [])
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("Widget.swift").path
    try #require(mkfifo(fifo, 0o644) == 0)
    let message = "is a named pipe (FIFO) that nothing wrote to; widgetlint reads files, or '-' for standard input"
    #expect(InputReader.read(path: fifo, maxSize: 1 << 20).failureMessage == message)
    var buffer: [UInt8] = []
    #expect(
      InputReader.withContents(of: fifo, maxSize: 1 << 20, buffer: &buffer) { $0.count }.failureMessage == message)
  }

  /// Thousands of files in batches: the answers come back in the paths' order, the overlay's text stands
  /// in for a file's, and a file that cannot be read (missing, too large) answers nil.
  @Test func manyFilesAreSearchedInOrder() throws {
    let count = 100  // more than three batches
    let folder = try TestSupport.directory(
      with: (0..<count).map { (path: "dir\($0 % 7)/file\($0).swift", contents: "let value\($0) = \($0)\n") })
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths = (0..<count).map { folder.appendingPathComponent("dir\($0 % 7)/file\($0).swift").path }
    paths.insert(folder.appendingPathComponent("missing.swift").path, at: 40)
    let overlaid = paths[5]
    let overlay = TextOverlay([overlaid: Array("let edited = 5\n".utf8)])
    let expected: [String?] = paths.map { path in
      if path == overlaid { return "let edited = 5\n" }
      return try? String(contentsOfFile: path, encoding: .utf8)
    }
    let contents = FileContents(paths: paths, overlay: overlay, maxSize: 1 << 20)
    #expect(contents.map { String(decoding: $0, as: UTF8.self) } == expected)
    #expect(overlay.look(at: paths, maxSize: 1 << 20) { String(decoding: $0, as: UTF8.self) } == expected)
    // Twice over the same contents, as the app code search does: the same answers.
    #expect(contents.map(\.count) == expected.map { $0?.utf8.count })
    #expect(contents.map(\.count) == expected.map { $0?.utf8.count })
    // A limit below every file's size: none is read, the overlay's text included.
    #expect(FileContents(paths: paths, overlay: overlay, maxSize: 10).map(\.count).allSatisfy { $0 == nil })
    #expect(overlay.look(at: paths, maxSize: 10) { $0.count }.allSatisfy { $0 == nil })
  }
}

extension Result where Failure == InputError {
  /// The error's message, or nil when the read succeeded.
  fileprivate var failureMessage: String? {
    if case .failure(let error) = self { return error.message }
    return nil
  }
}

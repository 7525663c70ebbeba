import Foundation
import Testing

#if os(Linux)
  /// docs/usage.md states the oldest glibc the Linux binary runs on; the binary built here, with the Swift
  /// runtime it links (statically in a release build, the same objects), must need no newer one.
  @Suite struct GlibcFloorTests {
    /// What `objdump` with `arguments` prints.
    static func objdump(_ arguments: [String]) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["objdump"] + arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return text
    }

    /// `2.35` as (2, 35), for comparison.
    static func version(_ text: Substring) -> [Int] { text.split(separator: ".").compactMap { Int($0) } }

    @Test func theBinaryNeedsNoNewerGlibcThanTheDocumentedFloor() throws {
      let usage = try String(contentsOfFile: TestSupport.path("docs/usage.md"), encoding: .utf8)
      let stated = try #require(
        usage.firstMatch(of: /needs glibc (\d+\.\d+) or later/).map { Self.version($0.1) },
        "docs/usage.md does not say 'needs glibc X.Y or later'")
      // The binary, and the Swift libraries it loads from its RUNPATH (libc's own are not counted).
      let executable = TestSupport.executable.path
      let headers = try Self.objdump(["-p", executable])
      let runpaths = headers.split(separator: "\n").filter { $0.contains("RUNPATH") || $0.contains("RPATH") }
        .flatMap { $0.split(separator: " ").last?.split(separator: ":") ?? [] }
        .map { $0.replacingOccurrences(of: "$ORIGIN", with: TestSupport.executable.deletingLastPathComponent().path) }
      let needed = headers.split(separator: "\n").filter { $0.contains("NEEDED") }.compactMap {
        $0.split(separator: " ").last
      }
      var files = [executable]
      for library in needed {
        if let found = runpaths.map({ "\($0)/\(library)" }).first(where: FileManager.default.fileExists) {
          files.append(found)
        }
      }
      var newest: (version: [Int], file: String)?
      for file in files {
        for match in try Self.objdump(["-T", file]).matches(of: /GLIBC_(\d+(?:\.\d+)+)/) {
          let version = Self.version(match.1)
          if newest.map({ $0.version.lexicographicallyPrecedes(version) }) ?? true { newest = (version, file) }
        }
      }
      let found = try #require(newest, "objdump found no GLIBC_ version in \(files)")
      #expect(
        !stated.lexicographicallyPrecedes(found.version),
        "\(found.file) needs glibc \(found.version.map(String.init).joined(separator: ".")); docs/usage.md says \(stated)"
      )
    }
  }
#endif

// The source floor: parse every .swift file below a folder with SwiftParser, and nothing else.
// Files are read and parsed in parallel with DispatchQueue.concurrentPerform, as widgetlint does.
//
//   swift-parse-floor FOLDER
import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: swift-parse-floor FOLDER\n".utf8))
  exit(2)
}
let root = URL(fileURLWithPath: CommandLine.arguments[1])
let paths: [String] = {
  var found: [String] = []
  if let walker = FileManager.default.enumerator(atPath: root.path) {
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      found.append(root.appendingPathComponent(relative).path)
    }
  }
  return found
}()

// Count the nodes so the parse cannot be optimised away; the total is checked for non-zero.
final class Total: @unchecked Sendable {
  let lock = NSLock()
  var tokens = 0
}
let total = Total()
DispatchQueue.concurrentPerform(iterations: paths.count) { index in
  guard let data = FileManager.default.contents(atPath: paths[index]) else { return }
  let bytes = [UInt8](data)
  let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
  let count = tree.totalLength.utf8Length
  total.lock.withLock { total.tokens += count }
}
if paths.isEmpty || total.tokens == 0 {
  FileHandle.standardError.write(Data("swift-parse-floor: no Swift source under \(root.path)\n".utf8))
  exit(1)
}

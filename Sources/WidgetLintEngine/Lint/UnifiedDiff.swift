/// A unified diff of two versions of a file, as `diff -u` and `git diff` print it: `--- a/path`,
/// `+++ b/path`, and `@@` hunks with three lines of context. Lines keep their own line breaks, so a CRLF
/// file diffs as itself.
public enum UnifiedDiff {
  public static func diff(path: String, original: [UInt8], fixed: [UInt8], context: Int = 3) -> String {
    let old = lines(original)
    let new = lines(fixed)
    let script = editScript(old, new)
    guard script.contains(where: { $0 != .equal }) else { return "" }
    let shown = path.hasPrefix("/") ? path : "/" + path
    var output = "--- a\(shown)\n+++ b\(shown)\n"
    // Walk the script, starting a hunk at each change and closing it after `context` unchanged lines
    // that no change follows within `2 * context`.
    var index = 0
    var oldLine = 0
    var newLine = 0
    var positions: [(old: Int, new: Int)] = []
    for operation in script {
      positions.append((oldLine, newLine))
      if operation != .insert { oldLine += 1 }
      if operation != .delete { newLine += 1 }
    }
    while index < script.count {
      guard script[index] != .equal else {
        index += 1
        continue
      }
      let start = max(0, index - context)
      var end = index
      while end < script.count {
        if script[end] != .equal {
          end += 1
          continue
        }
        var run = end
        while run < script.count, script[run] == .equal { run += 1 }
        if run == script.count || run - end > 2 * context {
          end = min(run, end + context)
          break
        }
        end = run
      }
      let oldCount = script[start..<end].filter { $0 != .insert }.count
      let newCount = script[start..<end].filter { $0 != .delete }.count
      let oldStart = oldCount == 0 ? positions[start].old : positions[start].old + 1
      let newStart = newCount == 0 ? positions[start].new : positions[start].new + 1
      output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
      for position in start..<end {
        let (prefix, line) =
          switch script[position] {
          case .equal: (" ", old[positions[position].old])
          case .delete: ("-", old[positions[position].old])
          case .insert: ("+", new[positions[position].new])
          }
        output += prefix + String(decoding: line, as: UTF8.self)
        if line.last != UInt8(ascii: "\n") { output += "\n\\ No newline at end of file\n" }
      }
      index = end
    }
    return output
  }

  private static func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }

  /// The lines of a text, each with its line break ("\n", "\r\n"; the last may have none).
  package static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var result: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      result.append(bytes[start...index])
      start = index + 1
    }
    if start < bytes.count { result.append(bytes[start...]) }
    return result
  }

  package enum Operation { case equal, delete, insert }

  /// The shortest edit script from `old` to `new` (Myers' O((N+M)D) algorithm), after the common head
  /// and tail are set aside: fixes change a few lines of a file.
  package static func editScript(_ old: [ArraySlice<UInt8>], _ new: [ArraySlice<UInt8>]) -> [Operation] {
    var head = 0
    while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
      tail += 1
    }
    let a = Array(old[head..<(old.count - tail)])
    let b = Array(new[head..<(new.count - tail)])
    let middle = myers(a, b)
    return Array(repeating: .equal, count: head) + middle + Array(repeating: .equal, count: tail)
  }

  private static func myers(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Operation] {
    let n = a.count
    let m = b.count
    if n == 0 { return Array(repeating: .insert, count: m) }
    if m == 0 { return Array(repeating: .delete, count: n) }
    let offset = n + m
    var frontier = [Int](repeating: 0, count: 2 * offset + 2)
    var trace: [[Int]] = []
    search: for depth in 0...(n + m) {
      trace.append(frontier)
      for diagonal in stride(from: -depth, through: depth, by: 2) {
        var x: Int
        if diagonal == -depth
          || (diagonal != depth && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
        {
          x = frontier[offset + diagonal + 1]
        } else {
          x = frontier[offset + diagonal - 1] + 1
        }
        var y = x - diagonal
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        frontier[offset + diagonal] = x
        if x >= n, y >= m { break search }
      }
    }
    // Walk the trace back from the end to recover the path.
    var operations: [Operation] = []
    var x = n
    var y = m
    for depth in stride(from: trace.count - 1, through: 0, by: -1) {
      let previous = trace[depth]
      let diagonal = x - y
      let previousDiagonal =
        (diagonal == -depth || (diagonal != depth && previous[offset + diagonal - 1] < previous[offset + diagonal + 1]))
        ? diagonal + 1 : diagonal - 1
      let previousX = previous[offset + previousDiagonal]
      let previousY = previousX - previousDiagonal
      while x > previousX, y > previousY {
        operations.append(.equal)
        x -= 1
        y -= 1
      }
      guard depth > 0 else { break }
      if x == previousX { operations.append(.insert) } else { operations.append(.delete) }
      x = previousX
      y = previousY
    }
    return operations.reversed()
  }
}

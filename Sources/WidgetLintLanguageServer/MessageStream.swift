import Foundation

/// The Language Server Protocol's base protocol: messages framed by a `Content-Length` header, read from
/// and written to file descriptors (the server's standard input and output).
package struct MessageReader {
  package enum Failure: Error, Equatable {
    /// The header names no usable `Content-Length`.
    case badHeader(String)
    /// The stream ended inside a message.
    case truncated
  }

  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var position = 0
  /// A message larger than this is refused (the editor's biggest file, with room to spare).
  private let maxLength: Int

  package init(descriptor: Int32, maxLength: Int = 64 << 20) {
    self.descriptor = descriptor
    self.maxLength = maxLength
  }

  /// The next message's body, nil at the end of the stream.
  package mutating func next() throws -> Data? {
    var length: Int?
    while true {
      guard let line = try readLine() else {
        if length == nil { return nil }
        throw Failure.truncated
      }
      if line.isEmpty { break }
      let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2, parts[0].lowercased() == "content-length" {
        guard let value = Int(parts[1]), value >= 0, value <= maxLength else { throw Failure.badHeader(line) }
        length = value
      }
    }
    guard let length else { throw Failure.badHeader("no Content-Length") }
    var body = [UInt8]()
    body.reserveCapacity(length)
    while body.count < length {
      if position == buffer.count, try !fill() { throw Failure.truncated }
      let take = min(length - body.count, buffer.count - position)
      body += buffer[position..<position + take]
      position += take
    }
    return Data(body)
  }

  /// A header line without its CRLF; nil at the end of the stream before any byte of it.
  private mutating func readLine() throws -> String? {
    var line: [UInt8] = []
    while true {
      if position == buffer.count, try !fill() {
        if line.isEmpty { return nil }
        throw Failure.truncated
      }
      let byte = buffer[position]
      position += 1
      if byte == UInt8(ascii: "\n") {
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
      }
      line.append(byte)
      if line.count > 8 << 10 { throw Failure.badHeader("a header line longer than 8 KiB") }
    }
  }

  /// Reads more of the stream; false at its end.
  private mutating func fill() throws -> Bool {
    buffer = [UInt8](repeating: 0, count: 1 << 16)
    position = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0, errno == EINTR { continue }
      buffer.removeSubrange(max(count, 0)...)
      return count > 0
    }
  }
}

/// Writes framed messages, whole, to a file descriptor.
package struct MessageWriter: Sendable {
  private let descriptor: Int32

  package init(descriptor: Int32) { self.descriptor = descriptor }

  package func write(_ body: Data) {
    var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    bytes += body
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }  // The editor has gone; the exit notification will not come either.
      written += count
    }
  }
}

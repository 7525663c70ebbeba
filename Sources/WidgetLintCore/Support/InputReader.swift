import Foundation

/// Reads input files whole, refusing what is not a regular file or larger than the limit, and never
/// writing to them.
public enum InputReader {
  public static func read(path: String, maxSize: Int) -> Result<[UInt8], InputError> {
    withOpenFile(path, maxSize: maxSize) { descriptor, size in
      guard size != nil else { return readStream(descriptor, path: path, maxSize: maxSize) }
      return readAll(descriptor, path: path, maxSize: maxSize, expectedSize: size ?? 0)
    }
  }

  /// What a named pipe that gave nothing is: not an empty file, which a manifest's own message would
  /// call it.
  package static let emptyFIFOMessage =
    "is a named pipe (FIFO) that nothing wrote to; widgetlint reads files, or '-' for standard input"

  /// A stream's bytes (a FIFO or a character device): a named pipe that gives none is said to be one.
  private static func readStream(_ descriptor: Int32, path: String, maxSize: Int) -> Result<[UInt8], InputError> {
    let read = readAll(descriptor, path: path, maxSize: maxSize)
    if case .success(let bytes) = read, bytes.isEmpty, FileStatus(descriptor: descriptor)?.kind == .fifo {
      return .failure(InputError(path: path, message: emptyFIFOMessage))
    }
    return read
  }

  /// Hands a file's bytes to `body`, read into `buffer`, which grows as needed and is meant to be
  /// reused from one file to the next: thousands of files searched and let go then cost no allocation
  /// (and no fresh pages) each.
  public static func withContents<Answer>(
    of path: String, maxSize: Int, buffer: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Answer
  ) -> Result<Answer, InputError> {
    withOpenFile(path, maxSize: maxSize) { descriptor, size in
      guard let size else {
        return readStream(descriptor, path: path, maxSize: maxSize).map { $0.withUnsafeBufferPointer(body) }
      }
      // One byte more than the file's size, so that a file that grew meanwhile is noticed.
      if buffer.count <= size { buffer = [UInt8](repeating: 0, count: max(size + 1, 2 * buffer.count)) }
      var filled = 0
      while true {
        let count = buffer.withUnsafeMutableBytes {
          Foundation.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
        }
        if count < 0 {
          if errno == EINTR { continue }
          return .failure(InputError(path: path, message: errnoMessage()))
        }
        if count == 0 { break }
        filled += count
        if filled > maxSize { return .failure(InputError(path: path, message: tooLarge(nil, maxSize))) }
        // A regular file read short of the buffer has ended: no read is spent to hear it.
        if filled == size { break }
        if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
      }
      return .success(buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<filled])) })
    }
  }

  /// Up to `count` bytes from the start of a regular file, for telling what kind of file it is without
  /// reading all of a large one; nil when it cannot be read, or is a stream, whose bytes a look would
  /// take from the reading that follows.
  public static func readPrefix(path: String, count: Int) -> [UInt8]? {
    let read = withOpenFile(path, maxSize: .max) { descriptor, size -> Result<[UInt8], InputError> in
      guard let size else { return .failure(InputError(path: path, message: "is a stream")) }
      let wanted = min(size, count)
      // Not for nothing: the initializer would write the shared empty storage (see `readAll`).
      guard wanted > 0 else { return .success([]) }
      return .success(
        [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
          while initialized < wanted {
            let read = Foundation.read(descriptor, buffer.baseAddress! + initialized, wanted - initialized)
            if read < 0, errno == EINTR { continue }
            if read <= 0 { break }
            initialized += read
          }
        })
    }
    return try? read.get()
  }

  /// Opens a file for reading, refusing what is not a regular file or a stream and a file larger than
  /// the limit, and hands `body` its descriptor and its size (nil for a stream).
  private static func withOpenFile<Answer>(
    _ path: String, maxSize: Int, _ body: (Int32, Int?) -> Result<Answer, InputError>
  ) -> Result<Answer, InputError> {
    // A NUL ends the path for the system: `a\0b` would open `a`. No file's name holds one.
    guard path.withCString(strlen) == path.utf8.count else {
      return .failure(InputError(path: path, message: message(forErrno: ENOENT)))
    }
    // Not blocking in `open`: a FIFO in a project's folder that nothing writes to would hang the run there.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(InputError(path: path, message: errnoMessage())) }
    defer { close(descriptor) }
    guard let info = FileStatus(descriptor: descriptor) else {
      return .failure(InputError(path: path, message: errnoMessage()))
    }
    if info.kind == .directory { return .failure(InputError(path: path, message: "is a directory")) }
    // FIFOs and character devices (such as /dev/stdin) are read as streams, within the same limit, and
    // blocking: a FIFO with no writer gives nothing, and is said to be a named pipe (`readStream`).
    let isStream = info.kind == .fifo || info.kind == .characterDevice
    guard info.kind == .regular || isStream else {
      return .failure(InputError(path: path, message: "is not a regular file"))
    }
    if isStream { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
    if !isStream, info.size > maxSize {
      return .failure(InputError(path: path, message: tooLarge(info.size, maxSize)))
    }
    return body(descriptor, isStream ? nil : info.size)
  }

  public static func readStandardInput(maxSize: Int) -> Result<[UInt8], InputError> {
    readAll(STDIN_FILENO, path: "-", maxSize: maxSize)
  }

  /// `expectedSize` (a regular file's size) is read straight into an array of that size; what follows
  /// (a stream, or a file that grew meanwhile) is read in chunks and appended.
  package static func readAll(_ descriptor: Int32, path: String, maxSize: Int, expectedSize: Int = 0) -> Result<
    [UInt8], InputError
  > {
    var failure: InputError?
    // Reads into `buffer` until it is full or the input ends; nil (and `failure`) on an error.
    func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int? {
      var filled = 0
      while filled < buffer.count {
        let count = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
        if count < 0 {
          if errno == EINTR { continue }
          // A closed or invalid standard input reads as empty rather than failing the run.
          if errno == EBADF && descriptor == STDIN_FILENO { return filled }
          failure = InputError(path: path, message: errnoMessage())
          return nil
        }
        if count == 0 { break }
        filled += count
      }
      return filled
    }
    var ended = false
    var bytes: [UInt8] = []
    // Not for an empty file: an array of no capacity is the runtime's one shared empty storage, whose
    // count the initializer writes, and files read side by side would all write it (ThreadSanitizer
    // reports it).
    if expectedSize > 0 {
      bytes = [UInt8](unsafeUninitializedCapacity: expectedSize) { buffer, initialized in
        initialized = fill(UnsafeMutableRawBufferPointer(buffer)) ?? 0
        ended = initialized < buffer.count
      }
      if let failure { return .failure(failure) }
    }
    let chunk = 1 << 16
    while !ended {
      let appended: Int? = withUnsafeTemporaryAllocation(byteCount: chunk, alignment: 1) { buffer in
        guard let count = fill(buffer) else { return nil }
        bytes.append(contentsOf: buffer.prefix(count))
        return count
      }
      guard let appended else { return .failure(failure!) }
      if bytes.count > maxSize { return .failure(InputError(path: path, message: tooLarge(nil, maxSize))) }
      ended = appended < chunk
    }
    return .success(bytes)
  }

  package static func tooLarge(_ size: Int?, _ limit: Int) -> String {
    let what = size.map { "is \(describe($0))" } ?? "is larger than \(describe(limit))"
    return "\(what), over the \(describe(limit)) limit for one input (--max-file-size raises it)"
  }

  package static func describe(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
    if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }

  package static func errnoMessage() -> String { message(forErrno: errno) }

  /// What an `errno` value means, in the words widgetlint's input errors use.
  package static func message(forErrno code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file or directory"
    case EACCES: return "permission denied"
    case ELOOP: return "too many levels of symbolic links"
    case EISDIR: return "is a directory"
    default: return String(cString: strerror(code))
    }
  }
}

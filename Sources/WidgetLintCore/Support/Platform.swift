// The one file where macOS and Linux differ. Everywhere else, POSIX calls that are the same on both
// (open, read, write, fsync, rename, isatty) come through Foundation, which re-exports the C library on
// every system; what differs between the two C libraries (the `stat` fields for times, `dirent`) is
// wrapped here, so no other file needs an `#if`. PlatformConditionTests holds the package to that.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// What `stat` says of a file, in the same words on every system.
public struct FileStatus: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case regular, directory, symbolicLink, fifo, characterDevice, other
  }

  public var kind: Kind
  public var size: Int
  /// The device and inode: together, which file this is, whatever path led to it.
  public var device: UInt64
  public var inode: UInt64
  public var modifiedSeconds: Int
  public var modifiedNanoseconds: Int
  /// The permission bits (`st_mode & 0o7777`).
  public var permissions: mode_t
  public var owner: uid_t
  public var group: gid_t

  /// The file a path leads to, following symbolic links; nil when there is none.
  public init?(path: String) {
    var info = stat()
    guard Self.isPassable(path), stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The entry a path names itself: a symbolic link is described, not followed.
  public init?(entryAt path: String) {
    var info = stat()
    guard Self.isPassable(path), lstat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The file an open descriptor reads.
  public init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(info)
  }

  private init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symbolicLink
    case S_IFIFO: kind = .fifo
    case S_IFCHR: kind = .characterDevice
    default: kind = .other
    }
    size = Int(info.st_size)
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    modifiedSeconds = Int(modified.tv_sec)
    modifiedNanoseconds = Int(modified.tv_nsec)
    permissions = info.st_mode & 0o7777
    owner = info.st_uid
    group = info.st_gid
  }

  /// A NUL ends a path for the system (`a\0b` would be `a`): no file has such a name.
  fileprivate static func isPassable(_ path: String) -> Bool {
    guard path.utf8.contains(0) else { return true }
    errno = ENOENT
    return false
  }

  /// Whether two statuses describe one file (one is reached through a link, say).
  public func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }
}

/// A folder's entries as `readdir` lists them, in its order.
public enum DirectoryEntries {
  public struct Entry: Sendable {
    public var name: String
    /// The entry's own kind as the folder records it (a link is `.symbolicLink`); nil when the file
    /// system does not say, and `FileStatus(entryAt:)` must be asked.
    public var kind: FileStatus.Kind?
  }

  /// The entries of a folder, `.` and `..` left out; nil when it cannot be listed, with `errno` set.
  public static func list(_ folder: String) -> [Entry]? {
    guard FileStatus.isPassable(folder), let stream = opendir(folder) else { return nil }
    defer { closedir(stream) }
    var entries: [Entry] = []
    while let entry = readdir(stream) {
      // `d_name` is a fixed array of C characters whose size differs between the systems.
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
      }
      guard name != ".", name != ".." else { continue }
      entries.append(Entry(name: name, kind: kind(ofEntryType: Int32(entry.pointee.d_type))))
    }
    return entries
  }

  private static func kind(ofEntryType type: Int32) -> FileStatus.Kind? {
    switch type {
    case Int32(DT_REG): return .regular
    case Int32(DT_DIR): return .directory
    case Int32(DT_LNK): return .symbolicLink
    case Int32(DT_FIFO): return .fifo
    case Int32(DT_CHR): return .characterDevice
    case Int32(DT_UNKNOWN): return nil
    default: return .other
    }
  }
}

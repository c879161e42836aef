#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the system knows of a file: its identity, size, kind and modification time.
package struct FileStatus: Hashable, Sendable {
  /// The file's inode number: a hard link and a rename keep it; a new file has another.
  package var inode: UInt64
  /// The size in bytes.
  package var size: Int64
  /// The modification time: whole seconds since 1970.
  package var modifiedSeconds: Int64
  /// The modification time: nanoseconds past ``modifiedSeconds``.
  package var modifiedNanoseconds: Int64
  /// Whether it is a folder.
  package var isDirectory: Bool
  /// Whether it is a regular file: not a folder, a device, a pipe or a socket (nor, for
  /// ``FileSystem/linkStatus(of:)``, a symbolic link).
  package var isRegularFile: Bool
  /// The permission bits (`0o644`, …): who may read, write and run it.
  package var permissions: UInt16

  /// Makes a status of known values.
  package init(
    inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64,
    isDirectory: Bool = false, isRegularFile: Bool = true, permissions: UInt16 = 0o644
  ) {
    self.inode = inode
    self.size = size
    self.modifiedSeconds = modifiedSeconds
    self.modifiedNanoseconds = modifiedNanoseconds
    self.isDirectory = isDirectory
    self.isRegularFile = isRegularFile && !isDirectory
    self.permissions = permissions
  }

  init(_ status: stat) {
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    #if os(Linux)
      let modified = status.st_mtim
    #else
      let modified = status.st_mtimespec
    #endif
    modifiedSeconds = Int64(modified.tv_sec)
    modifiedNanoseconds = Int64(modified.tv_nsec)
    isDirectory = status.st_mode & S_IFMT == S_IFDIR
    isRegularFile = status.st_mode & S_IFMT == S_IFREG
    permissions = UInt16(truncatingIfNeeded: status.st_mode & 0o7777)
  }
}

import DrawdocSystem

/// The folder a ``LocalAuthority`` keeps its files in, and how they are written: each file
/// whole or not at all (a temporary file, flushed, then renamed or linked into place), and
/// with the permissions it is created with, so that a key is never readable by others, not
/// even for a moment.
struct AuthorityFolder: Sendable {
  /// The folder's path.
  let path: String

  /// The authority: its key, then its certificate (mode 0600).
  var authorityPath: String { "\(path)/authority.pem" }
  /// The authority's certificate alone, for a person to hand to a device (mode 0644).
  var authorityCertificatePath: String { "\(path)/authority.crt" }
  /// The server's key, then its certificate (mode 0600).
  var serverPath: String { "\(path)/server.pem" }

  /// Makes the folder (mode 0700) unless it is there.
  ///
  /// - Throws: ``TLSError`` when it cannot be made, or something else is in its place.
  func create() throws(TLSError) {
    do throws(Errno) {
      try FileSystem.makeDirectory(path, permissions: 0o700)
      FileSystem.syncDirectory(Self.parent(of: path))
    } catch  where error == .exists {
      guard (try? FileSystem.status(of: path))?.isDirectory == true else {
        throw TLSError(
          "make the folder \(path)",
          reason: "a file is in its place: move it away, and drawdoc makes the folder")
      }
    } catch {
      throw TLSError("make the folder \(path)", reason: error.description)
    }
  }

  /// The bytes of a file of the folder, with its permissions, or `nil` when there is no such
  /// file.
  ///
  /// - Throws: ``TLSError`` when it is there and cannot be read, or is larger than a file
  ///   drawdoc writes here could be (64 KiB).
  func read(_ file: String) throws(TLSError) -> (bytes: [UInt8], permissions: UInt16)? {
    let status: FileStatus
    let read: (bytes: [UInt8], cut: Bool)
    do throws(Errno) {
      status = try FileSystem.status(of: file)
      read = try FileSystem.read(file, atMost: 65_536)
    } catch  where error == .noSuchFile {
      return nil
    } catch {
      throw TLSError("read \(file)", reason: error.description)
    }
    guard !read.cut else {
      throw TLSError(
        "read \(file)",
        reason: "it is larger than 64 KiB, which no file drawdoc keeps there is: "
          + "remove it, and drawdoc makes it again")
    }
    return (read.bytes, status.permissions)
  }

  /// Replaces a file with these bytes, atomically.
  ///
  /// - Throws: ``TLSError`` when it cannot be written; then the file is as it was.
  func replace(_ file: String, with bytes: [UInt8], permissions: UInt16) throws(TLSError) {
    let temporary = try writeTemporary(bytes, for: file, permissions: permissions)
    do throws(Errno) {
      try FileSystem.rename(temporary, to: file)
    } catch {
      try? FileSystem.remove(temporary)
      throw TLSError("write \(file)", reason: error.description)
    }
    FileSystem.syncDirectory(path)
  }

  /// Writes a file that is not there yet, atomically; leaves one that is there as it is.
  ///
  /// - Returns: Whether this call wrote it (`false`: another program was first).
  /// - Throws: ``TLSError`` when it cannot be written; then nothing is.
  func create(_ file: String, with bytes: [UInt8], permissions: UInt16) throws(TLSError)
    -> Bool
  {
    let temporary = try writeTemporary(bytes, for: file, permissions: permissions)
    defer {
      try? FileSystem.remove(temporary)
      FileSystem.syncDirectory(path)
    }
    do throws(Errno) {
      // A second name fails where one is there, which a rename would replace.
      try FileSystem.link(temporary, as: file)
      return true
    } catch  where error == .exists {
      return false
    } catch {
      throw TLSError("write \(file)", reason: error.description)
    }
  }

  /// A temporary file of the folder holding the bytes, flushed to the disk, created with
  /// `permissions`.
  private func writeTemporary(_ bytes: [UInt8], for file: String, permissions: UInt16)
    throws(TLSError) -> String
  {
    var generator = SystemRandomNumberGenerator()
    let name = file.split(separator: "/").last.map(String.init) ?? "file"
    let temporary =
      "\(path)/.\(name).\(CurrentProcess.id).\(String(generator.next() as UInt64, radix: 16)).tmp"
    do throws(Errno) {
      let descriptor = try FileDescriptor.open(
        temporary, .writeOnly, options: [.create, .exclusive], permissions: permissions)
      defer { descriptor.close() }
      do throws(Errno) {
        // The creation mode passes through the umask; the permissions must not.
        try descriptor.setPermissions(permissions)
        try descriptor.writeAll(bytes)
        try descriptor.sync()
      } catch {
        try? FileSystem.remove(temporary)
        throw error
      }
    } catch {
      throw TLSError("write \(file)", reason: error.description)
    }
    return temporary
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

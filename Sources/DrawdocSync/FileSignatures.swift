import DrawdocModel
import DrawdocSystem

/// What the sync knows of the store's drawing files without reading them, kept in
/// `sync/signatures`: for each drawing, its file's identity (inode, size, modification time
/// to the nanosecond) and the git blob its content is. A file whose identity is the same has
/// the same content: the store replaces a file by renaming a new one over it (a new inode,
/// a new time), and another program that writes in place changes its time. So a sync with
/// nothing to send reads no drawing.
///
/// Only a file last modified more than ``settledSeconds`` before it was read is noted: a
/// change made in place within the clock's granularity of the reading could otherwise keep
/// its time (git's "racily clean" files). A note that is missing or that no longer matches
/// only costs a read. The file is a cache: written without a flush, rebuilt as it goes.
struct FileSignatures: Equatable {
  /// One file's identity and content.
  struct Entry: Equatable {
    /// The file's status when it was read.
    let status: FileStatus
    /// The git blob of its content.
    let blob: String

    /// Whether a file of this status is the file noted.
    func matches(_ other: FileStatus) -> Bool {
      other.isRegularFile && other.inode == status.inode && other.size == status.size
        && other.modifiedSeconds == status.modifiedSeconds
        && other.modifiedNanoseconds == status.modifiedNanoseconds
    }
  }

  /// How long before its reading a file must have been last modified to be noted.
  static let settledSeconds: Int64 = 2

  /// The notes, by drawing.
  var entries: [Identifier: Entry] = [:]

  init() {}

  /// Reads the notes; a line that cannot be read is left out.
  init(path: String) {
    guard let bytes = try? FileSystem.read(path) else { return }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 6, let id = try? Identifier(String(fields[0])),
        let inode = UInt64(fields[1]), let size = Int64(fields[2]),
        let seconds = Int64(fields[3]), let nanoseconds = Int64(fields[4])
      else { continue }
      entries[id] = Entry(
        status: FileStatus(
          inode: inode, size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds),
        blob: String(fields[5]))
    }
  }

  /// Notes a file read at `now`, unless it changed too recently to be told apart.
  mutating func note(_ id: Identifier, _ status: FileStatus, blob: String, readAt now: Int64) {
    guard status.modifiedSeconds < now - Self.settledSeconds else { return }
    entries[id] = Entry(status: status, blob: blob)
  }

  /// The file's content: `ID INODE SIZE SECONDS NANOSECONDS BLOB` lines.
  var serialized: [UInt8] {
    Array(
      entries.sorted { $0.key.rawValue < $1.key.rawValue }.map { id, entry in
        let status = entry.status
        return "\(id) \(status.inode) \(status.size) \(status.modifiedSeconds) "
          + "\(status.modifiedNanoseconds) \(entry.blob)\n"
      }.joined().utf8)
  }
}

import DrawdocJSON
import DrawdocSystem

/// Who may reach the store's app from the network: its paired devices, its shared links and its
/// pairing codes, each kind in a JSON file of its own in `access/` (`devices.json`,
/// `links.json`, `pairing-codes.json`). Tokens and codes are kept only as SHA-256 hashes.
///
/// The folder is made with mode 0700 and every file with mode 0600, from its creation on. A
/// change holds the store's write lock and replaces each file it changes atomically (written
/// under a temporary name, flushed, renamed), so a reader, which takes no lock, sees a whole
/// file, old or new. A missing file holds no records.
extension DocumentStore {
  var accessFolder: String { "\(root)/access" }

  /// The file of one kind of record.
  func accessPath<Record: AccessRecord>(_ kind: Record.Type) -> String {
    "\(accessFolder)/\(kind.fileName)"
  }

  /// The paired devices, oldest first, read without the lock.
  ///
  /// - Throws: ``StoreError/damagedFile(path:reason:)`` or ``StoreError/io(path:operation:reason:)``.
  package func pairedDevices() throws(StoreError) -> [PairedDevice] {
    try accessRecords(PairedDevice.self)
  }

  /// The shared links, oldest first, expired ones too, read without the lock.
  ///
  /// - Throws: ``StoreError/damagedFile(path:reason:)`` or ``StoreError/io(path:operation:reason:)``.
  package func sharedLinks() throws(StoreError) -> [SharedLink] {
    try accessRecords(SharedLink.self)
  }

  /// The pairing codes not yet forgotten, read without the lock.
  ///
  /// - Throws: ``StoreError/damagedFile(path:reason:)`` or ``StoreError/io(path:operation:reason:)``.
  package func pairingCodes() throws(StoreError) -> [PairingCode] {
    try accessRecords(PairingCode.self)
  }

  /// Every access record, read without the lock.
  ///
  /// - Throws: ``StoreError/damagedFile(path:reason:)`` or ``StoreError/io(path:operation:reason:)``.
  package func accessRecords() throws(StoreError) -> AccessRecords {
    AccessRecords(
      devices: try pairedDevices(), links: try sharedLinks(), pairingCodes: try pairingCodes())
  }

  /// Changes the access records under the store's write lock: reads them all, lets `change`
  /// change them, and writes each file whose records changed — pairing codes first, then
  /// devices, then links, so that a code is spent before the device it pairs is written (a
  /// crash between the two leaves a spent code and no device: fail closed). Nothing changed,
  /// nothing written: a change that finds it must refuse leaves the records alone and says why
  /// in its answer.
  ///
  /// - Parameter change: Changes the records; runs once, under the lock.
  /// - Returns: What `change` returned.
  /// - Throws: ``StoreError/damagedFile(path:reason:)``, ``StoreError/io(path:operation:reason:)``
  ///   or ``StoreError/locked(path:waitedSeconds:)``; the files are then as they were, or, if
  ///   a later file failed, the earlier ones are written.
  package func changeAccess<Answer>(_ change: (inout AccessRecords) -> Answer)
    throws(StoreError) -> Answer
  {
    try withWriteLock { () throws(StoreError) in
      let before = try accessRecords()
      var records = before
      let answer = change(&records)
      if records.pairingCodes != before.pairingCodes { try write(records.pairingCodes) }
      if records.devices != before.devices { try write(records.devices) }
      if records.links != before.links { try write(records.links) }
      return answer
    }
  }

  /// What the access files are now: their inodes, sizes and modification times. Every change
  /// replaces a file by a new one (a new inode, a new time), so a stamp that differs from one
  /// taken before means the records may have changed, by this process or another; a server
  /// that keeps records read before reads them again only then. Three `stat` calls, no read.
  package func accessStamp() -> AccessStamp {
    AccessStamp(
      devices: StoreFiles.identity(accessPath(PairedDevice.self)),
      links: StoreFiles.identity(accessPath(SharedLink.self)),
      pairingCodes: StoreFiles.identity(accessPath(PairingCode.self)))
  }

  // MARK: - Files

  /// The largest access file read: thousands of records take a few hundred kilobytes.
  static let largestAccessFile = 16 << 20

  /// Reads one kind of record; no file, no records.
  func accessRecords<Record: AccessRecord>(_ kind: Record.Type) throws(StoreError) -> [Record] {
    let path = accessPath(kind)
    let read: (bytes: [UInt8], cut: Bool)
    do throws(Errno) { read = try FileSystem.read(path, atMost: Self.largestAccessFile) } catch {
      if error == .noSuchFile { return [] }
      throw .io(path: path, operation: "read", reason: error.description)
    }
    guard !read.cut else {
      throw .damagedFile(
        path: path,
        reason: "it is larger than \(Self.largestAccessFile >> 20) MiB; \(kind.remedy)")
    }
    do throws(AccessFileFault) {
      return try Self.decode(kind, from: read.bytes)
    } catch {
      throw .damagedFile(path: path, reason: "\(error.reason); \(kind.remedy)")
    }
  }

  private static func decode<Record: AccessRecord>(_ kind: Record.Type, from bytes: [UInt8])
    throws(AccessFileFault) -> [Record]
  {
    let value: JSONValue
    do throws(JSONSyntaxError) { value = try JSONValue.parse(bytes) } catch {
      throw AccessFileFault(
        reason: "it is not JSON (line \(error.line), column \(error.column): \(error.message))")
    }
    guard case .array(let elements)? = value[kind.listName] else {
      throw AccessFileFault(reason: "it is not an object with an array '\(kind.listName)'")
    }
    var records: [Record] = []
    for (index, element) in elements.enumerated() {
      do throws(AccessFileFault) { records.append(try Record(json: element)) } catch {
        throw AccessFileFault(reason: "record \(index + 1) of '\(kind.listName)': \(error.reason)")
      }
    }
    return records
  }

  /// Makes `access/`, mode 0700, if it is not there.
  func makeAccessFolder() throws(StoreError) {
    do throws(Errno) {
      try FileSystem.makeDirectory(accessFolder, permissions: 0o700)
      StoreFiles.syncFolder(root)
    } catch {
      guard error == .exists else {
        throw .io(path: accessFolder, operation: "create the folder", reason: error.description)
      }
    }
  }

  /// Replaces one kind's file with these records, mode 0600. Must run under the write lock.
  private func write<Record: AccessRecord>(_ records: [Record]) throws(StoreError) {
    try makeAccessFolder()
    let file = JSONValue.object([(Record.listName, .array(records.map(\.json)))])
    try writePrivately(file.document, to: accessPath(Record.self))
  }
}

/// The identities of a store's access files at one moment (``DocumentStore/accessStamp()``):
/// equal stamps, unchanged records.
package struct AccessStamp: Hashable, Sendable {
  let devices: StoreFiles.Identity?
  let links: StoreFiles.Identity?
  let pairingCodes: StoreFiles.Identity?
}

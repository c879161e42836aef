import DrawdocModel

extension DocumentStore {
  /// ``snapshot(of:)``, without holding the store's lock while the drawing's file is read and
  /// decoded (a second or more for a million rectangles), so that the store's other readers
  /// and writers do not wait for it. The file is decoded first; then, under the lock, it must
  /// still be the very file (the same inode, size and time) that the version log records as
  /// the current version, or it is read again (twice more; then as ``snapshot(of:)`` reads
  /// it, under the lock). The answer is the one ``snapshot(of:)`` gives.
  ///
  /// - Parameter id: The drawing.
  /// - Returns: The drawing, its version and its history, of one version.
  /// - Throws: As ``snapshot(of:)``.
  package func snapshotDecodedOutsideTheLock(of id: Identifier) throws(StoreError) -> (
    revision: Revision, history: DrawingHistory
  ) {
    let file = path(of: id)
    for _ in 0..<3 {
      guard let before = StoreFiles.identity(file), let drawing = try? self.drawing(id),
        StoreFiles.identity(file)?.matches(before, exactly: true) == true
      else { continue }
      let found = try withLock { () throws(StoreError) -> (Revision, DrawingHistory)? in
        guard let identity = StoreFiles.identity(file), identity.matches(before, exactly: true)
        else { return nil }
        let log = try VersionLog(path: versionLogPath(of: id))
        guard case .recorded(let record, _) = log.standing(of: identity) else { return nil }
        return (Revision(drawing: drawing, version: record.number), try history(of: id))
      }
      if let found { return found }
    }
    return try snapshot(of: id)
  }
}

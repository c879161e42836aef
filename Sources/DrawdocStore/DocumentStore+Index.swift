import DrawdocLog
import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocSystem

extension DocumentStore {
  func writeIndex(_ index: StoreIndex) {
    // The drawings are the truth: if the cache cannot be written, the next list rebuilds it.
    do {
      try StoreFiles.writeAtomically(
        index.serialized, to: indexPath, temporaryFolder: temporaryFolder, flush: false)
    } catch {
      log.error("could not update \(indexPath): \(error)")
    }
  }

  /// The index, brought in line with the drawing files: records whose file changed are read
  /// again, files without a record are read, records without a file are dropped. If anything
  /// changed, the index is written back. Must run under the lock.
  func currentIndex() throws(StoreError) -> (StoreIndex, [String]) {
    var readable = false
    var stored: StoreIndex?
    // The index is read and parsed while the drawings are statted.
    var temporaries: [String] = []
    defer {
      // Earlier drawdoc versions wrote temporaries here; those of dead processes go.
      for name in temporaries where StoreFiles.isAbandonedTemporary(name) {
        StoreFiles.removeQuietly("\(drawingsFolder)/\(name)")
      }
    }
    let signatures = try StoreFiles.signatures(
      in: drawingsFolder, suffix: ".svg", temporaries: &temporaries
    ) {
      guard let parsed = try? StoreFiles.withMappedFile(indexPath, StoreIndex.init(serialized:))
      else { return }
      readable = true
      stored = parsed
    }
    // The records of this process's changes that its memory is still to write are not out of
    // date: they go in first.
    let pending = applyPendingIndexRecords(to: &stored)
    var warnings: [String] = []
    if readable {
      if stored == nil {
        warnings.append("\(indexPath) is damaged: rebuilt it from the drawings")
      }
    } else if StoreFiles.exists(indexPath) {
      warnings.append("\(indexPath) cannot be read: rebuilt it from the drawings")
    } else if try !StoreFiles.contents(of: drawingsFolder).isEmpty {
      warnings.append("\(indexPath) is missing: rebuilt it from the drawings")
    }
    if let stored, stored.records.count == signatures.count,
      signatures.allSatisfy({ name, signature in
        Identifier(fileName: name).flatMap { stored.records[$0]?.signature } == signature
      })
    {
      if pending { writeIndex(stored) }
      return (stored, warnings)
    }
    var index = StoreIndex()
    var reread = 0
    for (name, signature) in signatures {
      guard let id = Identifier(fileName: name) else { continue }
      if let record = stored?.records[id], record.signature == signature {
        index.records[id] = record
        continue
      }
      reread += 1
      let content: StoreIndex.Content
      do {
        content = .entry(IndexEntry(try drawing(id)))
      } catch .damagedDrawing(_, let reason) {
        content = .damaged(reason)
      } catch {
        continue
      }
      index.records[id] = .init(signature: signature, content: content)
    }
    // Records are copied from `stored` unless their file changed, so the index changed
    // exactly when a file was read again or a record was dropped (or came from the memory).
    let changed =
      stored.map { reread > 0 || $0.records.count != index.records.count || pending } ?? true
    if let stored, changed, warnings.isEmpty {
      let dropped = stored.records.keys.filter { index.records[$0] == nil }.count
      warnings.append(
        "\(indexPath) was out of date (\(reread) drawing(s) changed, \(dropped) gone): "
          + "updated it from the drawings")
    }
    if changed {
      // A cache: if it cannot be written (a store the user may only read), the next command
      // reads the drawings again.
      try? StoreFiles.createFolder(temporaryFolder)
      try? StoreFiles.writeAtomically(
        index.serialized, to: indexPath, temporaryFolder: temporaryFolder, flush: false)
    }
    return (index, warnings)
  }

  // MARK: - Records a memory writes later

  /// Puts into `index` the records of the changes this store's ``memory`` has not written yet,
  /// for the files that are still those records were made for. Must run under the lock.
  ///
  /// - Returns: Whether any record was put in.
  func applyPendingIndexRecords(to index: inout StoreIndex?) -> Bool {
    guard let memory else { return false }
    let pending = memory.takeIndexRecords(of: root)
    guard var updated = index, !pending.isEmpty else { return false }
    var applied = false
    for (id, record) in pending where StoreFiles.identity(path(of: id)) == record.identity {
      updated.records[id] = .init(
        signature: record.identity.signature, content: .entry(record.entry))
      applied = true
    }
    index = updated
    return applied
  }

  /// Writes the records of the changes this store's ``memory`` has not written yet, under the
  /// lock: what the memory's thread does first each time it wakes, so that the index follows
  /// the changes within a thumbnail's time. A failure leaves them to `list`.
  func writePendingIndexRecords() {
    guard let memory, memory.hasIndexRecords(of: root),
      let lock = try? StoreLock(path: lockPath, timeout: lockTimeout, forWriting: true)
    else { return }
    withExtendedLifetime(lock) {
      var index = try? StoreFiles.withMappedFile(indexPath, StoreIndex.init(serialized:))
      if applyPendingIndexRecords(to: &index), let index { writeIndex(index) }
    }
  }
}

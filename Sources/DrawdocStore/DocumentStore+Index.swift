import DrawdocLog
import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocSystem

/// The index: `index.json`, every record as of its last whole write, and `index.log`, the
/// records of the changes since, one line each. A change appends its drawing's line, so that
/// it costs the same in a store of a hundred drawings as in one of a hundred thousand; the
/// log is folded into `index.json` once it has grown to a quarter of it (<doc:Store>).
extension DocumentStore {
  var indexLogPath: String { "\(root)/index.log" }

  /// Whether a log of `logSize` bytes is to be folded into an `index.json` of `baseSize`:
  /// once it passes a quarter of it, so that reading both costs at most a quarter more than
  /// the index alone, and writing the whole index is paid once every so many changes.
  static func indexLogIsDue(logSize: Int64, baseSize: Int64) -> Bool {
    logSize > max(64 << 10, baseSize / 4)
  }

  /// `index.json` with `index.log` applied, as they are on disk.
  struct StoredIndex {
    /// The index, or `nil` when `index.json` is missing or is not an index.
    var index: StoreIndex?
    /// Whether `index.json` could be read at all.
    var readable = false
    /// The sizes of both files.
    var baseSize: Int64 = 0
    var logSize: Int64 = 0
    /// Lines of the log that were not records.
    var skippedLines = 0
  }

  /// Reads `index.json` and applies `index.log`. Must run under the lock.
  func readStoredIndex() -> StoredIndex {
    var stored = StoredIndex()
    guard
      let base = try? StoreFiles.withMappedFile(
        indexPath, { ($0.count, StoreIndex(serialized: $0)) })
    else { return stored }
    stored.readable = true
    stored.baseSize = Int64(base.0)
    stored.index = base.1
    guard stored.index != nil else { return stored }
    _ = try? StoreFiles.withMappedFile(indexLogPath) { bytes in
      stored.logSize = Int64(bytes.count)
      stored.skippedLines = stored.index?.apply(log: bytes) ?? 0
    }
    return stored
  }

  /// Writes the whole index to `index.json` and removes the log it now holds. Must run under
  /// the lock. The drawings are the truth: if the cache cannot be written, the next list
  /// rebuilds it.
  ///
  /// - Parameters:
  ///   - index: The whole index.
  ///   - quietly: Whether a failure goes unsaid: a listing of a store the user may only read
  ///     cannot write its index, and need not.
  func writeIndex(_ index: StoreIndex, quietly: Bool = false) {
    do {
      try StoreFiles.createFolder(temporaryFolder)
      try StoreFiles.writeAtomically(
        index.serialized, to: indexPath, temporaryFolder: temporaryFolder, flush: false)
    } catch {
      if !quietly { log.error("could not update \(indexPath): \(error)") }
      return
    }
    // Were the process to die before this, the log's records would be applied again to an
    // index that holds them: the same records, in the same order.
    StoreFiles.removeQuietly(indexLogPath)
  }

  /// Puts records into the index, or takes drawings out of it (`nil` records): one line each,
  /// appended to `index.log`, which is folded into `index.json` when it is due. Must run under
  /// the lock. Without an `index.json` there is nothing to add to: the next list makes it.
  ///
  /// - Parameter records: The records, by drawing.
  /// - Returns: Whether there is an `index.json` (the records were added to it, or failed to
  ///   be, which the next list mends).
  @discardableResult
  func appendIndexRecords(_ records: [(Identifier, StoreIndex.Record?)]) -> Bool {
    guard let baseSize = StoreFiles.signature(indexPath)?.size else { return false }
    guard !records.isEmpty else { return true }
    var lines: [UInt8] = []
    for (id, record) in records { lines += StoreIndex.logLine(id, record) }
    let logSize: Int64
    do {
      logSize = try StoreFiles.appendLines(lines, to: indexLogPath)
    } catch {
      log.error("could not update \(indexLogPath): \(error)")
      return true
    }
    if Self.indexLogIsDue(logSize: logSize, baseSize: baseSize),
      let index = readStoredIndex().index
    {
      writeIndex(index)
    }
    return true
  }

  /// The index, brought in line with the drawing files: records whose file changed are read
  /// again, files without a record are read, records without a file are dropped. If anything
  /// changed, or the log is due, the whole index is written back. Must run under the lock.
  func currentIndex() throws(StoreError) -> (StoreIndex, [String]) {
    // The records of this process's changes that its memory is still to write go in first.
    appendPendingIndexRecords()
    var stored = StoredIndex()
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
    ) { stored = readStoredIndex() }
    var warnings: [String] = []
    if stored.readable {
      if stored.index == nil {
        warnings.append("\(indexPath) is damaged: rebuilt it from the drawings")
      }
    } else if StoreFiles.exists(indexPath) {
      warnings.append("\(indexPath) cannot be read: rebuilt it from the drawings")
    } else if try !StoreFiles.contents(of: drawingsFolder).isEmpty {
      warnings.append("\(indexPath) is missing: rebuilt it from the drawings")
    }
    let due = Self.indexLogIsDue(logSize: stored.logSize, baseSize: stored.baseSize)
    if let index = stored.index, index.records.count == signatures.count,
      signatures.allSatisfy({ name, signature in
        Identifier(fileName: name).flatMap { index.records[$0]?.signature } == signature
      })
    {
      if due { writeIndex(index, quietly: true) }
      return (index, warnings)
    }
    var index = StoreIndex()
    var reread = 0
    for (name, signature) in signatures {
      guard let id = Identifier(fileName: name) else { continue }
      if let record = stored.index?.records[id], record.signature == signature {
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
    // Records are copied from the stored index unless their file changed, so the index
    // changed exactly when a file was read again or a record was dropped.
    let changed = stored.index.map { reread > 0 || $0.records.count != index.records.count } ?? true
    if let old = stored.index, changed, warnings.isEmpty {
      let dropped = old.records.keys.filter { index.records[$0] == nil }.count
      warnings.append(
        "\(indexPath) was out of date (\(reread) drawing(s) changed, \(dropped) gone): "
          + "updated it from the drawings")
    }
    // A cache: if it cannot be written (a store the user may only read), the next command
    // reads the drawings again.
    if changed || due { writeIndex(index, quietly: true) }
    return (index, warnings)
  }

  /// Puts a drawing's record into the index after its file changed. Must run under the lock.
  func refreshIndexRecord(of drawing: Drawing) {
    guard let signature = StoreFiles.signature(path(of: drawing.id)) else { return }
    let record = StoreIndex.Record(signature: signature, content: .entry(IndexEntry(drawing)))
    if !appendIndexRecords([(drawing.id, record)]) {
      // A store's first index is made now (a listing would otherwise find none and say so),
      // and one deleted is made again.
      _ = try? currentIndex()
    }
  }

  /// Takes a drawing's record out of the index. Must run under the lock.
  func forget(_ id: Identifier) {
    appendIndexRecords([(id, nil)])
  }

  // MARK: - Records a memory writes later

  /// Appends the records of the changes this store's ``memory`` has not written yet, for the
  /// files that are still those records were made for. Must run under the lock.
  func appendPendingIndexRecords() {
    guard let memory else { return }
    let pending = memory.takeIndexRecords(of: root)
    let current = pending.compactMap { (id, record) -> (Identifier, StoreIndex.Record?)? in
      guard StoreFiles.identity(path(of: id)) == record.identity else { return nil }
      return (id, .init(signature: record.identity.signature, content: .entry(record.entry)))
    }
    appendIndexRecords(current)
  }

  /// Writes the records of the changes this store's ``memory`` has not written yet, under the
  /// lock: what the memory's thread does first each time it wakes, so that the index follows
  /// the changes within a thumbnail's time. A failure leaves them to `list`.
  func writePendingIndexRecords() {
    guard let memory, memory.hasIndexRecords(of: root),
      let lock = try? StoreLock(path: lockPath, timeout: lockTimeout, forWriting: true)
    else { return }
    withExtendedLifetime(lock) { appendPendingIndexRecords() }
  }
}

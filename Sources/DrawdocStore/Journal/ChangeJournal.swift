import DrawdocSystem

/// The store's change journal, `changes.log`: one ``StoreEvent`` per line, appended under the
/// store lock right after the change it records is in place, so its order is the order the
/// store applied the changes. Every process can follow it (``ChangeFollower``).
///
/// It is bounded: past ``maximumSize`` bytes the oldest lines are dropped, keeping about
/// ``keptSize``. A crash in the middle of an append leaves a line without its line feed;
/// readers skip a line that does not read as an event, and the next append ends it first.
struct ChangeJournal {
  /// The size past which the oldest events are dropped.
  static let maximumSize = 4 << 20
  /// About how much is kept when they are.
  static let keptSize = 2 << 20

  /// The journal file.
  let path: String
  /// Where the next change's event waits while its change is made: if the process dies
  /// between the change and its event, the next change under the lock finds it here.
  let pendingPath: String
  /// Where a compacted journal is written before it replaces the old one.
  let temporaryFolder: String

  // MARK: - Reading the end

  /// The number of the last event, 0 for an empty or missing journal, and whether the file
  /// ends in the middle of a line.
  func lastSequence() throws(StoreError) -> (sequence: Int, endsMidLine: Bool) {
    let file: FileDescriptor
    do throws(Errno) { file = try FileDescriptor.open(path, .readOnly) } catch {
      if error == .noSuchFile { return (0, false) }
      throw .io(path: path, operation: "open", reason: error.description)
    }
    defer { file.close() }
    let size: Int
    do throws(Errno) { size = Int(try file.status().size) } catch {
      throw .io(path: path, operation: "read", reason: error.description)
    }
    // Lines are short; the tail holds the last whole one unless titles are very long, and then
    // a longer tail is read.
    var tailSize = min(size, 16 << 10)
    while true {
      var tail = [UInt8](repeating: 0, count: tailSize)
      var failure: Errno?
      let count = tail.withUnsafeMutableBytes { buffer in
        do throws(Errno) { return try file.read(into: buffer, at: size - tailSize) } catch {
          failure = error
          return -1
        }
      }
      guard count == tailSize else {
        throw .io(
          path: path, operation: "read",
          reason: failure?.description ?? "the journal became shorter while it was read")
      }
      let endsMidLine = tail.last.map { $0 != 0x0A } ?? false
      if let sequence = Self.lastSequence(in: tail, wholeFile: tailSize == size) {
        return (sequence, endsMidLine)
      }
      if tailSize == size { return (0, endsMidLine) }
      tailSize = min(size, tailSize * 4)
    }
  }

  /// The sequence of the last whole line that reads as an event, or `nil` if the bytes hold
  /// none and more of the file might.
  private static func lastSequence(in bytes: [UInt8], wholeFile: Bool) -> Int? {
    var end = bytes.count
    // Whole lines only: drop a tail without its line feed.
    while end > 0 && bytes[end - 1] != 0x0A { end -= 1 }
    while end > 0 {
      let lineEnd = end - 1
      var start = lineEnd
      while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
      // The first line of a tail may be cut: it counts only if the tail is the whole file.
      if start == 0 && !wholeFile { return nil }
      if let event = StoreEvent(jsonLine: bytes[start..<lineEnd]) { return event.sequence }
      end = start
    }
    return wholeFile ? 0 : nil
  }

  // MARK: - Appending (under the store lock)

  /// Appends an event, ending first a line that a crash cut short, then drops the oldest
  /// events if the journal has grown past its bound.
  func append(_ event: StoreEvent, endsMidLine: Bool) throws(StoreError) {
    var line: [UInt8] = endsMidLine ? [0x0A] : []
    line += event.jsonLine
    // Flushed: after a power failure the numbers already given out stay given out, so none
    // is given again to another change.
    try StoreFiles.append(line, to: path, flush: true)
    if let size = StoreFiles.identity(path)?.size, size > Self.maximumSize {
      try compact()
    }
  }

  /// Rewrites the journal keeping its newest lines: about ``keptSize`` bytes, cut after a line
  /// feed. Followers notice the new file and go on from the last event they read.
  private func compact() throws(StoreError) {
    let bytes = try StoreFiles.read(path)
    var start = max(0, bytes.count - Self.keptSize)
    while start < bytes.count && start > 0 && bytes[start - 1] != 0x0A { start += 1 }
    try StoreFiles.writeAtomically(
      Array(bytes[start...]), to: path, temporaryFolder: temporaryFolder)
  }

  /// Records the event a change is about to make, before the change is put in place.
  ///
  /// The file is written over in place and emptied afterwards, never removed: a file made and
  /// removed by every change would make each change slower than the last on a file system
  /// that skips the inodes it freed recently (ext4 without a journal), so that a sync that
  /// brings in thousands of drawings would cost the square of their number.
  func setPending(_ event: StoreEvent) {
    // Only a hint for recovery after a crash: a failure here must not stop the change, and a
    // hint cut short by a crash is one whose change never happened.
    guard
      let file = try? FileDescriptor.open(pendingPath, .writeOnly, options: [.create, .truncate])
    else { return }
    defer { file.close() }
    try? file.writeAll(event.jsonLine)
  }

  /// Forgets the pending event once it is in the journal: empties the file.
  func clearPending() {
    try? FileSystem.truncate(pendingPath, to: 0)
  }

  /// The event a change that died before appending it left behind, if any.
  func pending() -> StoreEvent? {
    guard StoreFiles.exists(pendingPath), let bytes = try? StoreFiles.read(pendingPath) else {
      return nil
    }
    return StoreEvent(jsonLine: bytes.prefix { $0 != 0x0A })
  }
}

import DrawdocModel
import Synchronization

/// Drawings kept decoded in memory by a long-running process, such as the drawing app's
/// server: give one to ``DocumentStore/init(root:lockTimeout:keepingInMemory:)`` and the
/// store edits each drawing it holds without reading its file again (<doc:Memory>).
///
/// Each drawing is kept with the identity of its file (inode, size, modification time) and
/// its version: before every use the file is looked at, and a drawing that another process,
/// another store value or another program changed is read again. The memory is bounded by a
/// number of drawings and a number of rectangles, and drops the least recently used drawing
/// first. For each drawing it also keeps, for the last ``maximumVersions`` versions made
/// through it, what each version changed, so that an edit made on an older version is
/// checked without reading that version's file.
///
/// It is a class, shared by every copy of the store value it was given to; one memory is meant
/// for one store.
public final class DrawingMemory: Sendable {
  /// The most drawings kept at once.
  public let maximumDrawings: Int
  /// The most rectangles kept at once, over all the drawings. A rectangle takes about 60
  /// bytes of memory, so two million take about 120 MB.
  public let maximumRectangles: Int
  /// How many versions of each drawing the memory remembers the changes of.
  public let maximumVersions: Int

  private let kept = Mutex(KeptDrawings())
  /// The index records of changes made, not written yet, by store folder.
  private let indexRecords = Mutex([String: PendingIndexRecords]())
  /// The changes waiting for the store lock, committed together (see ``CommitQueue``).
  let commits = CommitQueue()
  /// The thumbnails to draw once their changes are made.
  let thumbnails = ThumbnailQueue()

  /// Makes an empty memory.
  ///
  /// - Parameters:
  ///   - drawings: The most drawings kept at once (at least 1).
  ///   - rectangles: The most rectangles kept at once, over all the drawings. A drawing with
  ///     more is not kept.
  ///   - versions: How many versions of each drawing the memory remembers the changes of, to
  ///     check edits made on them (at least 1). An edit made on an older version is checked
  ///     against that version's file, as without the memory.
  public init(drawings: Int = 16, rectangles: Int = 2_000_000, versions: Int = 100) {
    maximumDrawings = max(1, drawings)
    maximumRectangles = max(0, rectangles)
    maximumVersions = max(1, versions)
  }

  /// How many drawings are kept now.
  public var drawingCount: Int { kept.withLock { $0.entries.count } }

  /// How many rectangles are kept now, over all the drawings.
  public var rectangleCount: Int { kept.withLock { $0.rectangles } }

  /// Waits until every thumbnail the memory has scheduled so far is written (or found not to
  /// be needed any more), and the index records of the changes before them: a server calls it
  /// before it exits. Both are caches, so one that is never written is made again when it is
  /// needed.
  ///
  /// - Parameter timeout: The longest wait, in seconds.
  /// - Returns: Whether every scheduled thumbnail was done in time.
  @discardableResult
  public func waitForThumbnails(timeout: Double = 60) -> Bool {
    thumbnails.wait(for: nil, timeout: timeout)
  }

  // MARK: - What the store sees (package)

  /// How often the memory answered and how often a drawing had to be read from its file.
  package struct Statistics: Equatable, Sendable {
    /// Changes and reads that found their drawing in memory, current.
    package var hits = 0
    /// Changes that read their drawing from its file: not kept yet, dropped, or changed
    /// elsewhere.
    package var fileReads = 0
    /// Drawings dropped to stay within the bounds.
    package var dropped = 0
    /// Catch-ups (`/changes`) answered from memory.
    package var catchUps = 0
  }

  /// The counts so far.
  package var statistics: Statistics { kept.withLock { $0.statistics } }

  /// How many changes wait in the memory's queue for the store lock (see ``CommitQueue``):
  /// those whose group the leading thread has not taken yet, the leader's own among them.
  /// Tests wait on it to know that changes queued, rather than sleep.
  package var queuedChangeCount: Int { commits.waitingCount }

  /// Holds the memory's thumbnail thread before it draws its next thumbnail, until
  /// ``releaseThumbnails()``: the thumbnails scheduled meanwhile stay to be drawn. Tests use
  /// it to see what a request gets while a thumbnail is pending.
  package func holdThumbnails() { thumbnails.hold(true) }

  /// Lets the memory's thumbnail thread go on after ``holdThumbnails()``.
  package func releaseThumbnails() { thumbnails.hold(false) }

  /// The files of the drawings kept, least recently used first.
  package var keptFiles: [String] {
    kept.withLock { state in
      state.entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
    }
  }

  // MARK: - Keeping drawings

  /// Takes a drawing out of the memory to change it: while it is out, the memory holds no
  /// other reference to its rectangles, so changing them copies nothing. Until it is put back
  /// (``checkIn(_:_:)``) or forgotten (``forget(_:)``), the drawing counts as being changed,
  /// even if the memory did not hold it.
  func checkOut(_ file: String) -> KeptDrawing? {
    kept.withLock { state in
      state.changing.insert(file)
      guard let entry = state.entries.removeValue(forKey: file) else { return nil }
      state.rectangles -= entry.weight
      return entry
    }
  }

  /// Puts a drawing (back) into the memory as the most recently used, dropping the least
  /// recently used ones past the bounds. A drawing bigger than the bound is not kept.
  func checkIn(_ file: String, _ entry: KeptDrawing) {
    var entry = entry
    if entry.versions.steps.count > maximumVersions {
      entry.versions.steps.removeFirst(entry.versions.steps.count - maximumVersions)
    }
    // Dropped outside the lock: freeing a big drawing takes a while.
    let dropped = kept.withLock { state -> [KeptDrawing] in
      state.changing.remove(file)
      var dropped: [KeptDrawing] = []
      if let old = state.entries.removeValue(forKey: file) {
        state.rectangles -= old.weight
        dropped.append(old)
      }
      guard entry.weight <= maximumRectangles else {
        state.statistics.dropped += 1
        return dropped
      }
      state.clock += 1
      entry.lastUse = state.clock
      while !state.entries.isEmpty
        && (state.entries.count + 1 > maximumDrawings
          || state.rectangles + entry.weight > maximumRectangles)
      {
        guard let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
        else { break }
        state.entries.removeValue(forKey: oldest.key)
        state.rectangles -= oldest.value.weight
        state.statistics.dropped += 1
        dropped.append(oldest.value)
      }
      state.rectangles += entry.weight
      state.entries[file] = entry
      return dropped
    }
    withExtendedLifetime(dropped) {}
  }

  /// Forgets a drawing, and that it is being changed.
  func forget(_ file: String) {
    let dropped = kept.withLock { state -> KeptDrawing? in
      state.changing.remove(file)
      guard let entry = state.entries.removeValue(forKey: file) else { return nil }
      state.rectangles -= entry.weight
      return entry
    }
    withExtendedLifetime(dropped) {}
  }

  /// What the memory can tell of a drawing: a copy of what `body` reads of it, or that it is
  /// being changed, or that it does not hold it.
  enum Reading<T: Sendable>: Sendable {
    case kept(T)
    case changing
    case absent
  }

  /// Reads a kept drawing as ``read(_:_:)`` does, for the memory's own work (a thumbnail): it
  /// does not count as a use. Tells a drawing being changed from one not kept.
  func reading<T: Sendable>(_ file: String, _ body: (KeptDrawing) -> T) -> Reading<T> {
    kept.withLock { state in
      if state.changing.contains(file) { return .changing }
      guard let entry = state.entries[file] else { return .absent }
      return .kept(body(entry))
    }
  }

  /// Reads a kept drawing without taking it out, marking it as used. `body` runs under the
  /// memory's lock: it must be quick, and must not keep a reference to the rectangles (a
  /// later change would then copy them all), only copies.
  func read<T: Sendable>(_ file: String, _ body: (KeptDrawing) -> T?) -> T? {
    kept.withLock { state in
      guard let result = state.entries[file].flatMap(body) else { return nil }
      state.clock += 1
      state.entries[file]?.lastUse = state.clock
      return result
    }
  }

  /// Counts a change or read that found its drawing (`hit`), or had to read the file.
  func note(hit: Bool) {
    kept.withLock { state in
      if hit { state.statistics.hits += 1 } else { state.statistics.fileReads += 1 }
    }
  }

  /// Notes the index record of a change, for the memory's thread to write with others.
  func noteIndexRecord(_ entry: IndexEntry, identity: StoreFiles.Identity, of store: DocumentStore)
  {
    indexRecords.withLock { records in
      records[store.root, default: PendingIndexRecords(store: store)].records[entry.id] = (
        entry, identity
      )
    }
  }

  /// Takes the index records not written yet of a store's drawings.
  func takeIndexRecords(of root: String) -> [Identifier: PendingIndexRecords.Record] {
    indexRecords.withLock { $0.removeValue(forKey: root)?.records ?? [:] }
  }

  /// Whether a store has index records not written yet.
  func hasIndexRecords(of root: String) -> Bool {
    indexRecords.withLock { $0[root] != nil }
  }

  /// The stores with index records not written yet.
  var storesWithIndexRecords: [DocumentStore] {
    indexRecords.withLock { $0.values.map(\.store) }
  }

  /// Counts a catch-up answered from memory.
  func noteCatchUp() {
    kept.withLock { $0.statistics.catchUps += 1 }
  }
}

/// The index records of a store's changes that its memory has not written yet.
struct PendingIndexRecords: Sendable {
  /// A drawing's record, and the identity of the file it is the record of.
  typealias Record = (entry: IndexEntry, identity: StoreFiles.Identity)

  let store: DocumentStore
  var records: [Identifier: Record] = [:]
}

/// The drawings a ``DrawingMemory`` holds, by file, and what they weigh.
struct KeptDrawings {
  var entries: [String: KeptDrawing] = [:]
  /// The files of the drawings taken out to be changed.
  var changing: Set<String> = []
  /// The rectangles of all the entries.
  var rectangles = 0
  /// Counts uses, to find the least recently used entry.
  var clock: UInt64 = 0
  var statistics = DrawingMemory.Statistics()
}

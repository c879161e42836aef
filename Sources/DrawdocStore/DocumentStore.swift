import DrawdocLog
import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocSystem

/// A folder of drawings (<doc:Store>): `drawings/<id>.svg` are the truth; `index.json` and
/// `thumbnails/` are caches rebuilt from them whenever they are missing, damaged or stale.
/// Every write is atomic and every read-modify-write holds the store lock.
public struct DocumentStore: Sendable {
  /// The store's folder.
  public let root: String
  /// How long a command waits for another process's lock, in seconds.
  public let lockTimeout: Double
  /// The drawings this store keeps decoded in memory, shared by its copies (<doc:Memory>);
  /// `nil` for a store that reads a drawing's file each time it changes it, as a command does.
  public let memory: DrawingMemory?

  let log = Logger(category: "store")

  /// Where the store lives: `--store DIR`, else `$DRAWDOC_STORE`, else
  /// `$XDG_DATA_HOME/drawdoc`, else `~/.local/share/drawdoc`; a relative path is made
  /// absolute against the current folder, so that it names the same folder for the programs
  /// the store's users start elsewhere (git, in the sync's folder).
  ///
  /// - Parameters:
  ///   - option: The value of `--store`, if given.
  ///   - environment: The process environment.
  /// - Returns: The folder's path.
  public static func location(option: String?, environment: [String: String]) -> String {
    let path: String
    if let option, !option.isEmpty {
      path = option
    } else if let store = environment["DRAWDOC_STORE"], !store.isEmpty {
      path = store
    } else if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
      path = "\(data)/drawdoc"
    } else {
      path = "\(environment["HOME"] ?? ".")/.local/share/drawdoc"
    }
    return StoreFiles.absolute(path)
  }

  /// Opens a store, creating its folders on first use.
  ///
  /// - Parameters:
  ///   - root: The store's folder.
  ///   - lockTimeout: How long to wait for another process's lock, in seconds.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` if the folders cannot be created.
  public init(root: String, lockTimeout: Double = 10) throws(StoreError) {
    try self.init(root: root, lockTimeout: lockTimeout, memory: nil)
  }

  /// Opens a store for a long-running process that changes its drawings again and again, such
  /// as a server: the drawings it changes are kept decoded in `memory`, so that a change
  /// costs what it changes plus writing the file, and changes that threads make at once are
  /// committed together (<doc:Memory>). A drawing changed by another process is seen and read
  /// again.
  ///
  /// - Parameters:
  ///   - root: The store's folder.
  ///   - lockTimeout: How long to wait for another process's lock, in seconds.
  ///   - memory: Where the drawings are kept; give each store a memory of its own.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` if the folders cannot be created.
  public init(root: String, lockTimeout: Double = 10, keepingInMemory memory: DrawingMemory)
    throws(StoreError)
  {
    try self.init(root: root, lockTimeout: lockTimeout, memory: memory)
  }

  private init(root: String, lockTimeout: Double, memory: DrawingMemory?) throws(StoreError) {
    self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    self.lockTimeout = lockTimeout
    self.memory = memory
    try StoreFiles.createFolder(drawingsFolder)
    try StoreFiles.createFolder(thumbnailsFolder)
  }

  var drawingsFolder: String { "\(root)/drawings" }
  var thumbnailsFolder: String { "\(root)/thumbnails" }
  var historyFolder: String { "\(root)/history" }
  var trashFolder: String { "\(root)/trash" }
  /// Where every temporary file of the store is made, so that those a killed process left are
  /// found without reading the big folders.
  var temporaryFolder: String { "\(root)/tmp" }
  var indexPath: String { "\(root)/index.json" }
  var lockPath: String { "\(root)/.lock" }
  var settingsPath: String { "\(root)/settings.json" }

  /// The store's change journal.
  var journal: ChangeJournal {
    ChangeJournal(
      path: "\(root)/changes.log", pendingPath: "\(root)/.changes.pending",
      temporaryFolder: temporaryFolder)
  }

  /// The folder of a drawing's history: its version log and its versions' files.
  func historyFolder(of id: Identifier) -> String { "\(historyFolder)/\(id)" }
  /// The log of a drawing's versions.
  func versionLogPath(of id: Identifier) -> String { "\(historyFolder)/\(id)/versions.log" }
  /// The file of one version of a drawing (the current version's too: a hard link).
  func versionPath(of id: Identifier, _ version: Int) -> String {
    "\(historyFolder)/\(id)/\(version).svg"
  }
  /// A drawing's file while it is in the trash.
  func trashPath(of id: Identifier) -> String { "\(trashFolder)/\(id).svg" }

  /// The file of a drawing. Ids are nine characters from `a-z0-9` and two dashes, so the
  /// path never leaves the store.
  ///
  /// - Parameter id: The drawing's id.
  /// - Returns: `drawings/<id>.svg` inside the store.
  public func path(of id: Identifier) -> String { "\(drawingsFolder)/\(id).svg" }

  // MARK: - Reading

  /// Every drawing, newest first.
  ///
  /// - Returns: The listing, with a warning if the index had to be rebuilt.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` if the folder cannot be read.
  public func list() throws(StoreError) -> StoreListing {
    // Under the lock, so a writer between its drawing and its index is never seen as a
    // drawing changed behind drawdoc's back.
    try withLock { () throws(StoreError) in try listing() }
  }

  func listing() throws(StoreError) -> StoreListing {
    let (index, warnings) = try currentIndex()
    // Newest first, then by id; damaged files last. Sorting small keys, not the rows.
    let records = index.records
    let order = records.indices.map { position -> (Bool, Int64, UInt64, Dictionary.Index) in
      let (id, record) = records[position]
      switch record.content {
      case .entry(let entry):
        return (false, -entry.modified.secondsSince1970, id.rawValue, position)
      case .damaged: return (true, 0, id.rawValue, position)
      }
    }.sorted { ($0.0 ? 1 : 0, $0.1, $0.2) < ($1.0 ? 1 : 0, $1.1, $1.2) }
    let rows = order.map { key -> ListedDrawing in
      let (id, record) = records[key.3]
      switch record.content {
      case .entry(let entry): return .drawing(entry)
      case .damaged(let reason): return .damaged(id: id, reason: reason)
      }
    }
    return StoreListing(drawings: rows, warnings: warnings)
  }

  /// Finds a drawing by id or exact title.
  ///
  /// - Parameter name: An id, or a title that exactly one drawing has.
  /// - Returns: The drawing's id.
  /// - Throws: ``StoreError/noSuchDrawing(_:)`` or ``StoreError/ambiguousTitle(_:candidates:)``.
  public func resolve(_ name: String) throws(StoreError) -> Identifier {
    if let id = try? Identifier(name), StoreFiles.exists(path(of: id)) { return id }
    let matches = try list().drawings.compactMap { row -> IndexEntry? in
      guard case .drawing(let entry) = row, entry.title == name else { return nil }
      return entry
    }
    guard let first = matches.first else {
      if let id = try? Identifier(name), StoreFiles.exists(trashPath(of: id)) {
        throw .inTrash(id)
      }
      throw .noSuchDrawing(name)
    }
    guard matches.count == 1 else { throw .ambiguousTitle(name, candidates: matches) }
    return first.id
  }

  /// Reads a drawing.
  ///
  /// - Parameter id: The drawing's id.
  /// - Returns: The drawing.
  /// - Throws: ``StoreError/noSuchDrawing(_:)`` or ``StoreError/damagedDrawing(id:reason:)``.
  public func drawing(_ id: Identifier) throws(StoreError) -> Drawing {
    try read(id) { (path) throws(SVGDecodingError) in try SVGDecoder.decode(contentsOfFile: path) }
  }

  /// Reads a drawing's header only: its id, times, canvas and title, without rectangles (see
  /// ``SVGDecoder/header(contentsOfFile:)``).
  func header(of id: Identifier) throws(StoreError) -> Drawing {
    try read(id) { (path) throws(SVGDecodingError) in try SVGDecoder.header(contentsOfFile: path) }
  }

  /// Reads a drawing's file with `decode`, with the store's errors.
  private func read(
    _ id: Identifier, _ decode: (String) throws(SVGDecodingError) -> Drawing
  ) throws(StoreError) -> Drawing {
    do {
      return try decode(path(of: id))
    } catch .fileNotFound {
      throw missing(id)
    } catch .unreadableFile(let filePath, let reason) {
      throw .io(path: filePath, operation: "read", reason: reason)
    } catch {
      throw .damagedDrawing(id: id, reason: error.description)
    }
  }

  // MARK: - Changing

  /// Stores a new drawing with a fresh id, as its version 1.
  ///
  /// - Parameters:
  ///   - plane: Its content.
  ///   - now: Its created and modified time.
  ///   - change: How it came to be, for its history (default: ``Change/created(randomRectangles:)``
  ///     with none).
  /// - Returns: The stored drawing.
  /// - Throws: ``StoreError``; the store is then unchanged.
  @discardableResult
  public func create(
    _ plane: Plane, at now: Timestamp, as change: Change = .created(randomRectangles: 0)
  ) throws(StoreError) -> Drawing {
    try withWriteLock { () throws(StoreError) in
      let drawing = Drawing(id: freshIdentifier(), created: now, modified: now, plane: plane)
      try commitFirstVersion(drawing, change: change.words)
      return drawing
    }
  }

  /// Changes a drawing under the store lock: reads it, lets `change` edit it and say what it
  /// did, and writes it back with `modified` set to `now` as a new version, keeping the one it
  /// replaces in the history. If `change` throws, or returns ``Change/unchanged``, nothing is
  /// written.
  ///
  /// - Parameters:
  ///   - id: The drawing to change.
  ///   - now: The new modification time.
  ///   - change: The edit; returns what it did, in the words of the history.
  /// - Returns: The drawing as written.
  /// - Throws: ``StoreError`` or whatever `change` throws.
  @discardableResult
  public func update(
    _ id: Identifier, at now: Timestamp, _ change: (inout Drawing) throws -> Change
  ) throws -> Drawing {
    try update(id, at: now, basedOn: nil, change).drawing
  }

  /// Changes a drawing as ``update(_:at:_:)`` does, refusing the change if what it was made
  /// on has changed meanwhile: an edit from a page that showed an older version.
  ///
  /// With a ``memory``, the drawing is changed where the memory keeps it (its file is read
  /// only when the memory does not hold its current version), and changes that several
  /// threads ask for while the store is locked are committed together, as one version whose
  /// words are theirs joined by `; ` (<doc:Memory>). Each is checked and applied in turn, as
  /// if alone, and each caller gets its own answer: the version that holds its change, or its
  /// own error. `change` then runs on the thread that commits the group, while its caller
  /// waits.
  ///
  /// - Parameters:
  ///   - id: The drawing to change.
  ///   - now: The new modification time.
  ///   - base: The version the edit was made on, and the rectangles it touches: the change is
  ///     refused if any of them differs between that version and the current one (`nil`
  ///     rectangles: if anything changed at all). `nil` for no check.
  ///   - change: The edit; returns what it did.
  /// - Returns: The drawing as written and its version (the current one, unchanged, when
  ///   `change` returns ``Change/unchanged``).
  /// - Throws: ``StoreError/conflict(id:version:current:)``, other ``StoreError``s, or
  ///   whatever `change` throws.
  @discardableResult
  public func update(
    _ id: Identifier, at now: Timestamp,
    basedOn base: (version: Int, rectangles: [Identifier]?)?,
    _ change: (inout Drawing) throws -> Change
  ) throws -> Revision {
    if let memory {
      return try withoutActuallyEscaping(change) { change in
        let ticket = CommitTicket(store: self, id: id, now: now, base: base, change: change)
        return try memory.commits.submit(ticket).get()
      }
    }
    let lock = try StoreLock(path: lockPath, timeout: lockTimeout, forWriting: true)
    defer { withExtendedLifetime(lock) {} }
    try tidy()
    var present = try self.present(id)
    if let base {
      try check(
        id, log: present.log, current: present.current.number, plane: present.drawing.plane,
        against: base.version, touching: base.rectangles)
    }
    var drawing = present.takeDrawing()
    let done = try change(&drawing)
    if done == .unchanged { return Revision(drawing: drawing, version: present.current.number) }
    drawing.modified = now
    let version = try commit(
      drawing, over: present,
      as: .init(
        words: done.words, did: done.words, back: present.current.number, forward: nil,
        kind: done.isRename ? .renamed : .changed)
    ).number
    return Revision(drawing: drawing, version: version)
  }

  /// The current drawing and its version number.
  ///
  /// - Parameter id: The drawing.
  /// - Returns: Both, read together under the lock.
  /// - Throws: ``StoreError/noSuchDrawing(_:)``, ``StoreError/inTrash(_:)`` or
  ///   ``StoreError/damagedDrawing(id:reason:)``.
  public func revision(of id: Identifier) throws(StoreError) -> Revision {
    try withLock { () throws(StoreError) in
      let present = try self.present(id)
      return Revision(drawing: present.drawing, version: present.current.number)
    }
  }

  /// The current drawing, its version and its history, read together under the lock: what a
  /// view shows at once (the drawing, and what its undo and redo buttons would do).
  ///
  /// - Parameter id: The drawing.
  /// - Returns: The three, of one version.
  /// - Throws: As ``revision(of:)``.
  public func snapshot(of id: Identifier) throws(StoreError) -> (
    revision: Revision, history: DrawingHistory
  ) {
    try withLock { () throws(StoreError) in
      let present = try self.present(id)
      return (
        Revision(drawing: present.drawing, version: present.current.number),
        try history(of: id)
      )
    }
  }

  /// How ``save(_:as:title:at:file:)`` places a drawing read from a file.
  public enum SaveTarget: Equatable, Sendable {
    /// A new version of the stored drawing with the file's id, else a new drawing.
    case automatic
    /// Always a new drawing with a fresh id.
    case newDrawing
    /// A new version of this drawing.
    case replace(Identifier)
  }

  /// Stores a drawing read from a file, as a new drawing or a new version of one.
  ///
  /// - Parameters:
  ///   - incoming: The drawing read from the file.
  ///   - target: Where it goes.
  ///   - title: A title to use instead of the file's.
  ///   - now: The modification time (and creation time of a new drawing).
  ///   - file: The file's path (`-` for standard input), for the history's words.
  /// - Returns: The stored drawing.
  /// - Throws: ``StoreError``; the store is then unchanged.
  public func save(
    _ incoming: Drawing, as target: SaveTarget, title: String?, at now: Timestamp,
    file: String = "-"
  ) throws -> Drawing {
    var plane = incoming.plane
    if let title { try plane.rename(to: title) }
    return try withWriteLock { () throws(StoreError) in
      var existingId: Identifier?
      switch target {
      case .replace(let id): existingId = id
      case .automatic: existingId = StoreFiles.exists(path(of: incoming.id)) ? incoming.id : nil
      case .newDrawing: existingId = nil
      }
      guard let existingId else {
        let drawing = Drawing(id: freshIdentifier(), created: now, modified: now, plane: plane)
        try commitFirstVersion(drawing, change: Change.imported(file: file).words)
        return drawing
      }
      let present = try self.present(existingId, withRectangles: false)
      let drawing = Drawing(
        id: existingId, created: present.drawing.created, modified: now, plane: plane)
      let words = Change.newVersion(file: file).words
      try commit(
        drawing, over: present,
        as: .init(
          words: words, did: words, back: present.current.number, forward: nil, kind: .changed))
      return drawing
    }
  }

  // MARK: - Internals

  /// Runs `body` holding the store lock. A store the user may read but not write is read
  /// without it.
  func withLock<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    let lock = try StoreLock(path: lockPath, timeout: lockTimeout, forWriting: false)
    defer { withExtendedLifetime(lock) {} }
    return try body()
  }

  /// Runs `body` holding the store lock for a change, after tidying what a killed process may
  /// have left.
  func withWriteLock<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    let lock = try StoreLock(path: lockPath, timeout: lockTimeout, forWriting: true)
    defer { withExtendedLifetime(lock) {} }
    try tidy()
    return try body()
  }

  /// A random id no drawing in the store, in its trash or in its history has.
  func freshIdentifier() -> Identifier {
    var generator = SystemRandomNumberGenerator()
    while true {
      let id = Identifier.random(using: &generator)
      if !StoreFiles.exists(path(of: id)) && !StoreFiles.exists(trashPath(of: id))
        && !StoreFiles.exists(historyFolder(of: id))
      {
        return id
      }
    }
  }

  /// Puts a drawing's record into the index after its file changed, and remakes its thumbnail
  /// (or writes `thumbnail`, drawn already). Must run under the lock. Both are caches: they
  /// are not flushed to disk, and a failure is logged, not thrown.
  func refreshCaches(of drawing: Drawing, thumbnail: Result<[UInt8], RasterError>? = nil) {
    writeThumbnail(of: drawing, picture: thumbnail)
    refreshIndexRecord(of: drawing)
  }

  /// Refreshes the caches once a new version is in place and its event told: the index record,
  /// then the thumbnail, `picture` (drawn meanwhile). With a ``memory``, both are written after
  /// the change is answered, on a thread of the memory's that takes the records of a burst of
  /// changes together, and draws one thumbnail per drawing (unless `scheduling` is `false`:
  /// the caller schedules the thumbnail). Must run under the lock.
  func refreshCaches(after drawing: Drawing, picture: ThumbnailDrawing?, scheduling: Bool = true) {
    // A store's first index is made now: a listing would otherwise find none and say so.
    guard let memory, StoreFiles.exists(indexPath) else {
      refreshIndexRecord(of: drawing)
      if let picture { writeThumbnail(of: drawing, picture: picture.finish()) }
      if let memory, scheduling {
        memory.thumbnails.schedule(ThumbnailJob(store: self, id: drawing.id))
      }
      return
    }
    if let identity = StoreFiles.identity(path(of: drawing.id)) {
      memory.noteIndexRecord(IndexEntry(drawing), identity: identity, of: self)
    }
    if scheduling { memory.thumbnails.schedule(ThumbnailJob(store: self, id: drawing.id)) }
  }
}

extension Identifier {
  /// The id of a drawing file named `<id>.svg`, or `nil` for any other name.
  init?(fileName: String) {
    var name = fileName
    guard
      let id = name.withUTF8({ bytes -> Identifier? in
        guard bytes.count == 15, bytes[11] == 0x2E, bytes[12] == 0x73, bytes[13] == 0x76,
          bytes[14] == 0x67
        else { return nil }
        return Identifier(utf8: UnsafeBufferPointer(rebasing: bytes[..<11]))
      })
    else { return nil }
    self = id
  }
}

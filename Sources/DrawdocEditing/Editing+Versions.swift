import DrawdocModel
import DrawdocStore

/// The changes that are not edits of a drawing's rectangles: undo and redo, an old version made
/// current, the trash, a file saved into the store and the store's settings. The command line
/// and the app call these, not the store, so that every change to the store has one way in.
extension Editing {
  // MARK: - Versions

  /// Takes back the last change to a drawing, as a new version.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - version: The version the page showed when it asked (the app sends it, so that an undo
  ///     asked on an older version is refused); `nil` takes back whatever is last, as a command
  ///     does.
  ///   - now: The new version's time.
  /// - Returns: The new version, with what it did.
  /// - Throws: A `StoreError`: nothing to undo, a conflict with `version`, no such drawing.
  @discardableResult
  package func undo(_ id: Identifier, basedOn version: Int? = nil, at now: Timestamp = .now)
    throws(StoreError) -> DrawingHistory.Version
  {
    try store.undo(id, at: now, basedOn: version)
  }

  /// Makes again the last change that ``undo(_:basedOn:at:)`` took back, as a new version.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - version: The version the page showed when it asked; `nil` for whatever is current.
  ///   - now: The new version's time.
  /// - Returns: The new version, with what it did.
  /// - Throws: A `StoreError`: nothing to redo, a conflict with `version`, no such drawing.
  @discardableResult
  package func redo(_ id: Identifier, basedOn version: Int? = nil, at now: Timestamp = .now)
    throws(StoreError) -> DrawingHistory.Version
  {
    try store.redo(id, at: now, basedOn: version)
  }

  /// Makes an old version of a drawing current again, as a new version that undo can take
  /// back; the current version itself is answered as it is, and no version is made.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - version: The version to bring back.
  ///   - now: The new version's time.
  /// - Returns: The current version after the restore.
  /// - Throws: A `StoreError`: no such version kept, no such drawing.
  @discardableResult
  package func restore(_ id: Identifier, version: Int, at now: Timestamp = .now)
    throws(StoreError) -> DrawingHistory.Version
  {
    try store.restore(id, version: version, at: now)
  }

  // MARK: - The trash

  /// Moves a drawing to the trash, with its history.
  ///
  /// - Throws: A `StoreError` for a drawing that is not in the store.
  package func delete(_ id: Identifier, at now: Timestamp = .now) throws(StoreError) {
    try store.delete(id, at: now)
  }

  /// Brings a drawing back from the trash, with every version.
  ///
  /// - Throws: A `StoreError` for a drawing that is not in the trash.
  package func restoreFromTrash(_ id: Identifier, at now: Timestamp = .now) throws(StoreError) {
    try store.restoreFromTrash(id, at: now)
  }

  /// Removes drawings from the trash for good: one, or every one for `nil`.
  ///
  /// - Returns: The ids removed.
  /// - Throws: A `StoreError` for a drawing that is not in the trash.
  @discardableResult
  package func emptyTrash(_ id: Identifier? = nil, at now: Timestamp = .now) throws(StoreError)
    -> [Identifier]
  {
    try store.emptyTrash(id, at: now)
  }

  // MARK: - Files and settings

  /// Saves a drawing read from a file into the store: as a new version of the drawing its id
  /// names (or of `target`'s), or as a new drawing.
  ///
  /// - Parameters:
  ///   - incoming: The drawing read from the file.
  ///   - target: Which drawing it becomes.
  ///   - title: A new title, or `nil` to keep the file's.
  ///   - now: The time of the version.
  ///   - file: The file's name, for the history (`-` for standard input).
  /// - Returns: The stored drawing.
  /// - Throws: A `StoreError`, or a `ModelError` for a title the model refuses.
  package func save(
    _ incoming: Drawing, as target: DocumentStore.SaveTarget, title: String?,
    at now: Timestamp = .now, file: String = "-"
  ) throws -> Drawing {
    try store.save(incoming, as: target, title: title, at: now, file: file)
  }

  /// Keeps at most `limit` versions of every drawing from now on.
  ///
  /// - Throws: A `StoreError` for a limit outside ``DrawdocStore/StoreSettings/historyLimits``.
  package func changeHistoryLimit(to limit: Int) throws(StoreError) {
    var settings = store.settings
    settings.historyLimit = limit
    try store.change(to: settings)
  }
}

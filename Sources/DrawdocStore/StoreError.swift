import DrawdocModel

/// Why a store operation failed.
public enum StoreError: Error, Equatable, Sendable {
  /// No drawing has this id or exact title.
  case noSuchDrawing(String)
  /// The drawing with this id is in the trash.
  case inTrash(Identifier)
  /// No drawing in the trash has this id or exact title.
  case notInTrash(String)
  /// More than one drawing has this exact title.
  case ambiguousTitle(String, candidates: [IndexEntry])
  /// The drawing's file exists but is not a valid drawing.
  case damagedDrawing(id: Identifier, reason: String)
  /// The drawing has no such version, or no longer keeps it; `kept` are the versions it has.
  case noSuchVersion(id: Identifier, version: Int, kept: ClosedRange<Int>?)
  /// An edit made on `version` was refused: the drawing is at `current`, and what the edit
  /// touches changed in between.
  case conflict(id: Identifier, version: Int, current: Int)
  /// Undo or redo has nothing to do, for this reason.
  case nothingToStep(id: Identifier, undo: Bool, reason: String)
  /// A follower fell so far behind that the journal dropped these events before it read them.
  case eventsNoLongerKept(after: Int, upTo: Int)
  /// A follower asked for the events after `asked`, but the journal ends at `last`: it was
  /// started again (deleted, or the store restored from a copy).
  case journalRestarted(asked: Int, last: Int)
  /// A store setting was given a value it cannot take.
  case invalidSetting(name: String, value: String, expected: String)
  /// Another process kept the store locked for longer than the wait allows.
  case locked(path: String, waitedSeconds: Double)
  /// The store can be read but not changed by this user.
  case readOnly(path: String, reason: String)
  /// A file or folder of the store could not be read or written.
  case io(path: String, operation: String, reason: String)
  /// A file the store keeps beside its drawings (the records of paired devices and shared
  /// links) holds something other than what drawdoc writes there; `reason` says what, and
  /// what to do.
  case damagedFile(path: String, reason: String)
}

extension StoreError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .noSuchDrawing(let name):
      return "no drawing has the id or title '\(name)': 'drawdoc list' shows them all"
    case .inTrash(let id):
      return "drawing \(id) is in the trash: 'drawdoc trash --restore \(id)' brings it back"
    case .notInTrash(let name):
      return "no drawing in the trash has the id or title '\(name)': 'drawdoc trash' lists them"
    case .ambiguousTitle(let title, let candidates):
      let lines = candidates.map { "  \($0.id)  modified \($0.modified)" }.joined(separator: "\n")
      return "\(candidates.count) drawings are titled '\(title)': name one by its id:\n\(lines)"
    case .damagedDrawing(let id, let reason):
      return "drawing \(id) is damaged: \(reason)"
    case .noSuchVersion(let id, let version, let kept):
      let range = kept.map { "it keeps versions \($0.lowerBound) to \($0.upperBound)" }
      return "drawing \(id) has no version \(version): "
        + (range ?? "it keeps no versions") + "; 'drawdoc history \(id)' lists them"
    case .conflict(let id, let version, let current):
      return "drawing \(id) changed since version \(version) (it is at version \(current)) in "
        + "what this edit touches: look at it as it is now and make the edit again"
    case .nothingToStep(let id, let undo, let reason):
      return "nothing to \(undo ? "undo" : "redo") in drawing \(id): \(reason)"
    case .eventsNoLongerKept(let after, let upTo):
      let range = after + 1 == upTo ? "event \(upTo) was" : "events \(after + 1) to \(upTo) were"
      return "\(range) dropped from the change journal before they were read: "
        + "reload what you show and follow the changes from now"
    case .journalRestarted(let asked, let last):
      return "the change journal ends at event \(last), before event \(asked) asked for: it was "
        + "started again; reload what you show and follow the changes from now"
    case .invalidSetting(let name, let value, let expected):
      return "'\(value)' is not a valid \(name): expected \(expected)"
    case .locked(let path, let waited):
      return "the store \(path) stayed locked by another drawdoc process for \(waited) s: "
        + "try again when it has finished"
    case .readOnly(let path, let reason):
      return "cannot change the store \(path): \(reason); you may read it but not change it "
        + "(use --store to name a store of your own)"
    case .io(let path, let operation, let reason):
      return "cannot \(operation) \(path): \(reason)"
    case .damagedFile(let path, let reason):
      return "the store's file \(path) is damaged: \(reason)"
    }
  }
}

import DrawdocModel

/// Why a store operation failed.
public enum StoreError: Error, Equatable, Sendable {
  /// No drawing has this id or exact title.
  case noSuchDrawing(String)
  /// More than one drawing has this exact title.
  case ambiguousTitle(String, candidates: [IndexEntry])
  /// The drawing's file exists but is not a valid drawing.
  case damagedDrawing(id: Identifier, reason: String)
  /// Another process kept the store locked for longer than the wait allows.
  case locked(path: String, waitedSeconds: Double)
  /// A file or folder of the store could not be read or written.
  case io(path: String, operation: String, reason: String)
}

extension StoreError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .noSuchDrawing(let name):
      return "no drawing has the id or title '\(name)': 'drawdoc list' shows them all"
    case .ambiguousTitle(let title, let candidates):
      let lines = candidates.map { "  \($0.id)  modified \($0.modified)" }.joined(separator: "\n")
      return "\(candidates.count) drawings are titled '\(title)': name one by its id:\n\(lines)"
    case .damagedDrawing(let id, let reason):
      return "drawing \(id) is damaged: \(reason)"
    case .locked(let path, let waited):
      return "the store \(path) stayed locked by another drawdoc process for \(waited) s: "
        + "try again when it has finished"
    case .io(let path, let operation, let reason):
      return "cannot \(operation) \(path): \(reason)"
    }
  }
}

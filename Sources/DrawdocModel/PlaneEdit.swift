/// One step of a change to a plane's rectangles, as ``Plane`` records it while asked to (see
/// ``Plane/startRecordingEdits()``): enough to take the step back or make it again without a
/// copy of the whole plane. A store that keeps a drawing in memory records each change this
/// way, to undo a change that failed halfway and to know what a rectangle was before it.
package enum PlaneEdit: Sendable, Equatable {
  /// A rectangle put on top.
  case added(Rectangle)
  /// A rectangle's values changed in place, at its z-index.
  case changed(from: Rectangle, to: Rectangle, at: Int)
  /// A rectangle taken out from its z-index.
  case removed(Rectangle, at: Int)
  /// A rectangle moved from one z-index to another.
  case moved(from: Int, to: Int)
  /// Every rectangle taken out; these were there, bottom first.
  case cleared([Rectangle])

  /// The rectangle the step changes the value of, and its value before the step (`nil`: it was
  /// not there); `nil` for a move, which changes no value, and for a clear, which changes them
  /// all.
  package var valueBefore: (id: Identifier, value: Rectangle?)? {
    switch self {
    case .added(let rectangle): (rectangle.id, nil)
    case .changed(let old, _, _): (old.id, old)
    case .removed(let rectangle, _): (rectangle.id, rectangle)
    case .moved, .cleared: nil
    }
  }

  /// Takes steps back on an array of rectangles, the last step first.
  ///
  /// - Parameters:
  ///   - edits: Steps recorded on a plane whose rectangles are now `rectangles`.
  ///   - rectangles: The rectangles, bottom first; afterwards, as they were before the steps.
  package static func undo(_ edits: [PlaneEdit], on rectangles: inout [Rectangle]) {
    for edit in edits.reversed() {
      switch edit {
      case .added: rectangles.removeLast()
      case .changed(let old, _, let index): rectangles[index] = old
      case .removed(let rectangle, let index): rectangles.insert(rectangle, at: index)
      case .moved(let source, let target):
        rectangles.insert(rectangles.remove(at: target), at: source)
      case .cleared(let old): rectangles = old
      }
    }
  }

  /// Makes steps again on an array of rectangles, in order.
  ///
  /// - Parameters:
  ///   - edits: Steps recorded on a plane whose rectangles were `rectangles`.
  ///   - rectangles: The rectangles, bottom first; afterwards, as the steps left them.
  package static func redo(_ edits: [PlaneEdit], on rectangles: inout [Rectangle]) {
    for edit in edits {
      switch edit {
      case .added(let rectangle): rectangles.append(rectangle)
      case .changed(_, let new, let index): rectangles[index] = new
      case .removed(_, let index): rectangles.remove(at: index)
      case .moved(let source, let target):
        rectangles.insert(rectangles.remove(at: source), at: target)
      case .cleared: rectangles.removeAll()
      }
    }
  }

  /// Whether the step changes where rectangles sit, so that a plane's index must be made
  /// again when it is taken back.
  var shiftsPositions: Bool {
    if case .changed = self { return false }
    return true
  }
}

extension Plane {
  /// Whether a plane records its edits, and those it recorded.
  enum EditRecording: Sendable {
    /// Not recording.
    case off
    /// Recording; the steps so far.
    case on([PlaneEdit])
  }

  /// Starts recording the changes made to the rectangles, step by step, dropping any recorded
  /// before. Only the rectangles are recorded: the title and the canvas size are not.
  ///
  /// A plane assigned over this one does not record, so ``finishRecordingEdits()`` then
  /// returns `nil`: whatever replaced the plane is not known step by step.
  package mutating func startRecordingEdits() {
    recording = .on([])
  }

  /// Stops recording.
  ///
  /// - Returns: The steps since ``startRecordingEdits()``, oldest first, or `nil` if this
  ///   plane was not recording (it was assigned over the one that was).
  package mutating func finishRecordingEdits() -> [PlaneEdit]? {
    defer { recording = .off }
    guard case .on(let edits) = recording else { return nil }
    return edits
  }

  /// Takes back recorded steps, the last first, as if they had not been made.
  ///
  /// - Parameter edits: Steps ``finishRecordingEdits()`` returned for this plane.
  package mutating func undo(_ edits: [PlaneEdit]) {
    PlaneEdit.undo(edits, on: &rectangles)
    if edits.contains(where: \.shiftsPositions) { reindex() }
  }

  /// Makes recorded steps again, in order, on the plane they were recorded on as it was
  /// before them.
  ///
  /// - Parameter edits: Steps ``finishRecordingEdits()`` returned.
  package mutating func redo(_ edits: [PlaneEdit]) {
    PlaneEdit.redo(edits, on: &rectangles)
    if edits.contains(where: \.shiftsPositions) { reindex() }
  }

  /// Adds a step to the record, if the plane is recording.
  mutating func record(_ edit: PlaneEdit) {
    guard case .on(var edits) = recording else { return }
    // Off while appending, so that the steps are not copied.
    recording = .off
    edits.append(edit)
    recording = .on(edits)
  }

  /// Whether the plane is recording its edits.
  var isRecording: Bool {
    if case .on = recording { return true }
    return false
  }
}

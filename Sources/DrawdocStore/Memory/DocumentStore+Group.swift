import DrawdocModel
import DrawdocSVG

/// Changes through a ``DrawingMemory``: the drawing is changed where the memory keeps it, and
/// the changes that queued on the lock meanwhile are committed with it, as one version.
///
/// A group is one version: its words are those of its changes, in order, joined by `; `, and
/// one undo takes it back whole. Its changes are applied in the order they were queued, each
/// checked against what its base version and the changes before it in the group left, so each
/// is refused or made exactly as it would be one after the other. A change that replaces the
/// whole drawing (or one whose steps are not known) ends its group: the changes after it wait
/// for the next one.
extension DocumentStore {
  /// The state of a group while its changes are applied.
  private struct Group {
    /// What the changes made so far did.
    var changes: [Change] = []
    /// Their steps, oldest first.
    var edits: [PlaneEdit] = []
    /// Whether a change's steps are not known, so that the group ends with it.
    var ends = false
    /// The tickets of the changes made, and of those that changed nothing.
    var answered: [CommitTicket] = []
    /// The time of the last change made: the new version's.
    var time: Timestamp?
  }

  /// The parts of a drawing that an edit may change besides its rectangles.
  private struct Header {
    let id: Identifier
    let created: Timestamp
    let modified: Timestamp
    let size: Size
    let title: String

    init(_ drawing: Drawing) {
      id = drawing.id
      created = drawing.created
      modified = drawing.modified
      size = drawing.plane.size
      title = drawing.plane.title
    }

    func restore(into drawing: inout Drawing) {
      drawing.id = id
      drawing.created = created
      drawing.modified = modified
      drawing.plane.size = size
      if drawing.plane.title != title { try? drawing.plane.rename(to: title) }
    }
  }

  /// Commits queued changes of one drawing as one version. Must run under the lock.
  ///
  /// - Parameters:
  ///   - tickets: The changes, in the order they were queued.
  ///   - memory: The store's memory.
  /// - Returns: The changes left for the next group, after one whose steps are not known.
  func commitGroup(_ tickets: [CommitTicket], in memory: DrawingMemory) -> [CommitTicket] {
    guard let first = tickets.first else { return [] }
    let id = first.id
    var present: Present
    var kept: KeptVersions?
    let file = path(of: id)
    do {
      try tidy()
      (present, kept) = try presentInMemory(id, memory)
    } catch {
      memory.forget(file)
      for ticket in tickets { ticket.answer(.failure(error)) }
      return []
    }
    let start = present.current.number
    // A drawing just read knows no steps before its version, but those of the group.
    let versions = kept ?? KeptVersions(current: start, steps: [])
    var drawing = present.takeDrawing()
    let startHeader = Header(drawing)
    var group = Group()
    var left: [CommitTicket] = []
    for (position, ticket) in tickets.enumerated() {
      if group.ends {
        left = Array(tickets[position...])
        break
      }
      let current = group.changes.isEmpty ? start : start + 1
      if let base = ticket.base {
        do throws(StoreError) {
          try check(
            id, log: present.log, current: current, plane: drawing.plane, against: base.version,
            touching: base.rectangles
          ) { rectangle in
            versions.value(
              of: rectangle, at: base.version, now: drawing.plane[rectangle],
              pending: group.edits)
          }
        } catch {
          ticket.answer(.failure(error))
          continue
        }
      }
      let before = Header(drawing)
      drawing.plane.startRecordingEdits()
      var outcome: Result<Change, any Error>
      do { outcome = .success(try ticket.apply(to: &drawing)) } catch { outcome = .failure(error) }
      let edits = drawing.plane.finishRecordingEdits()
      if case .success(let done) = outcome, done != .unchanged {
        group.changes.append(done)
        group.edits += edits ?? []
        group.ends = edits == nil || drawing.id != id
        group.answered.append(ticket)
        group.time = ticket.now
        continue
      }
      // Refused, or nothing changed: take back whatever the edit did.
      if let edits {
        drawing.plane.undo(edits)
        before.restore(into: &drawing)
      } else {
        // The edit replaced the drawing: read it again and make the group's steps again.
        do throws(StoreError) {
          drawing = try decodeVersion(of: id, file: path(of: id))
          drawing.plane.redo(group.edits)
          before.restore(into: &drawing)
        } catch {
          memory.forget(file)
          for ticket in group.answered + tickets[position...] { ticket.answer(.failure(error)) }
          return []
        }
      }
      switch outcome {
      case .failure(let error): ticket.answer(.failure(error))
      case .success: group.answered.append(ticket)
      }
    }
    guard let time = group.time else {
      if present.changedOutside {
        memory.forget(file)
      } else {
        memory.checkIn(
          file,
          KeptDrawing(
            drawing: drawing, identity: present.identity,
            versions: versions))
      }
      let revision = Revision(drawing: drawing, version: start)
      for ticket in group.answered { ticket.answer(.success(revision)) }
      return left
    }
    drawing.modified = time
    let words = group.changes.map(\.words).joined(separator: "; ")
    let record: VersionRecord
    do {
      record = try commit(
        drawing, over: present,
        as: .init(
          words: words, did: words, back: start, forward: nil,
          kind: group.changes.allSatisfy(\.isRename) ? .renamed : .changed),
        remember: false)
    } catch {
      memory.forget(file)
      for ticket in group.answered { ticket.answer(.failure(error)) }
      return left
    }
    if drawing.id != id {
      memory.forget(file)
    } else {
      var steps = present.changedOutside ? [] : versions.steps
      // Consecutive versions only: the steps of those before belong to another history.
      if steps.last.map({ $0.version != record.number - 1 }) ?? false { steps = [] }
      steps.append(
        VersionSteps(
          version: record.number, edits: group.ends ? nil : group.edits,
          size: startHeader.size, title: startHeader.title))
      memory.checkIn(
        file,
        KeptDrawing(
          drawing: drawing, identity: record.file,
          versions: KeptVersions(current: record.number, steps: steps)))
    }
    // Once the drawing is back in the memory, which draws the thumbnail from it.
    memory.thumbnails.schedule(ThumbnailJob(store: self, id: drawing.id))
    let revision = Revision(drawing: drawing, version: record.number)
    for ticket in group.answered { ticket.answer(.success(revision)) }
    return left
  }

  /// The drawing as it is before a change, from the memory when it holds the current version,
  /// else read from its file. Must run under the lock.
  ///
  /// - Returns: The drawing, and what the memory knows of its versions. The drawing is taken
  ///   out of the memory: put it back once changed.
  func presentInMemory(_ id: Identifier, _ memory: DrawingMemory) throws(StoreError) -> (
    Present, KeptVersions?
  ) {
    let file = path(of: id)
    let kept = memory.checkOut(file)
    guard let identity = StoreFiles.identity(file) else { throw missing(id) }
    let log = try VersionLog(path: versionLogPath(of: id))
    if let kept, kept.identity == identity,
      case .recorded(let record, let unfinished) = log.standing(of: identity),
      record.number == kept.versions.current
    {
      memory.note(hit: true)
      let present = Present(
        id: id, drawing: kept.drawing, identity: identity, log: log, current: record,
        changedOutside: false, unfinished: unfinished)
      return (present, kept.versions)
    }
    memory.note(hit: false)
    return (try present(id), nil)
  }
}

import DrawdocModel
import DrawdocXML

/// The settling of the rectangles' ids in import mode: a valid id that is new is kept; a
/// malformed or duplicate one (the later of two) is reported, and a fresh id replaces it, as
/// it does a missing one, once every id of the file is known, so that no fresh id takes one
/// the file uses further on.
struct ImportIdentifiers {
  /// The line of the rectangle that first had each id kept.
  private var firstLineOfId: [Identifier: Int] = [:]
  /// The candidates that need a fresh id, with the index of the warning that names it, if any.
  private var freshRequests: [(candidate: Int, warning: Int?)] = []

  /// The id the rectangle `candidate` keeps from its `data-id`, or `nil` if it gets a fresh
  /// one; and the issue to report, as the warning at index `warning`, when its `data-id` is
  /// malformed or a duplicate. A missing id loses nothing of the file, so it is not reported.
  mutating func claim(
    _ text: String?, element: String, line: Int, candidate: Int, warning: Int
  ) -> (id: Identifier?, issue: ImportIssue?) {
    guard let text else {
      requestFresh(for: candidate)
      return (nil, nil)
    }
    guard let parsed = try? Identifier(text) else {
      freshRequests.append((candidate, warning))
      return (
        nil, .invalidIdentifier(element: element, value: StyleCascade.excerpt(text), fresh: nil)
      )
    }
    if let firstLine = firstLineOfId[parsed] {
      freshRequests.append((candidate, warning))
      return (
        nil, .duplicateIdentifier(element: element, value: text, firstLine: firstLine, fresh: nil)
      )
    }
    firstLineOfId[parsed] = line
    return (parsed, nil)
  }

  /// Asks for a fresh id for the rectangle `candidate`, with no warning.
  mutating func requestFresh(for candidate: Int) {
    freshRequests.append((candidate, nil))
  }

  /// Gives each rectangle that asked for one a fresh id that no other rectangle has, drawn
  /// from `generator` in the order they were asked for, and names it in its warning.
  func settle(
    _ candidates: inout [ImportCandidate],
    warnings: inout [(location: SourceLocation, issue: ImportIssue)],
    using generator: inout SeededRandomNumberGenerator
  ) {
    var used = Set(firstLineOfId.keys)
    for (candidateIndex, warningIndex) in freshRequests {
      var fresh = Identifier.random(using: &generator)
      while used.contains(fresh) { fresh = Identifier.random(using: &generator) }
      used.insert(fresh)
      candidates[candidateIndex].id = fresh
      guard let warningIndex else { continue }
      let (location, issue) = warnings[warningIndex]
      switch issue {
      case .invalidIdentifier(let element, let value, _):
        warnings[warningIndex] = (
          location, .invalidIdentifier(element: element, value: value, fresh: fresh)
        )
      case .duplicateIdentifier(let element, let value, let firstLine, _):
        warnings[warningIndex] = (
          location,
          .duplicateIdentifier(element: element, value: value, firstLine: firstLine, fresh: fresh)
        )
      default:
        break
      }
    }
  }
}

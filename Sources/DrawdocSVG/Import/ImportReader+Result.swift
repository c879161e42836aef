import DrawdocModel

/// The drawing and its warnings, once the document has ended.
extension ImportReader {
  func finish() throws(SVGDecodingError) -> ImportResult {
    let id = drawingId ?? Identifier.random(using: &generator)
    identifiers.settle(&candidates, warnings: &warnings, using: &generator)
    if let lineOverRectangleLimit {
      throw .limitExceeded(
        what: "the number of rectangles", limit: "\(SVGLimits.maximumRectangleCount)",
        line: lineOverRectangleLimit, column: 1)
    }
    var plane: Plane
    do {
      plane = try Plane(size: canvas, title: title())
    } catch {
      throw .invalidTitle(
        reason: error.description, line: titleLocation.line, column: titleLocation.column)
    }
    for candidate in candidates {
      guard let id = candidate.id else { continue }
      let rectangle = Rectangle(
        id: id, point: Point(trustedX: candidate.x, y: candidate.y),
        size: Size(trustedWidth: candidate.width, height: candidate.height),
        color: candidate.color, alpha: candidate.alpha)
      do {
        try plane.add(rectangle)
      } catch {
        throw .duplicateIdentifier(id: id.description, line: candidate.line, column: 1)
      }
    }
    let drawing = Drawing(
      id: id, created: created ?? now, modified: modified ?? now, plane: plane)
    // Stable, so that warnings on one line keep the order they were found in.
    let ordered = warnings.enumerated().sorted {
      ($0.element.location.line, $0.offset) < ($1.element.location.line, $1.offset)
    }
    return ImportResult(
      drawing: drawing,
      warnings: ordered.map {
        ImportWarning(issue: $0.element.issue, location: $0.element.location)
      })
  }

  /// The title text, cut to what a plane holds and without characters it cannot hold.
  private func title() -> String {
    var scalars = String(decoding: titleBytes, as: UTF8.self).unicodeScalars.filter { scalar in
      let value = scalar.value
      return
        !((value < 0x20 && value != 0x9 && value != 0xA && value != 0xD)
        || value == 0xFFFE || value == 0xFFFF)
    }
    if scalars.count != String(decoding: titleBytes, as: UTF8.self).unicodeScalars.count {
      warn(titleLocation, .titleCharacters)
    }
    if scalars.count > Plane.maximumTitleLength {
      scalars.removeLast(scalars.count - Plane.maximumTitleLength)
      warn(titleLocation, .longTitle)
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }

  /// Whether any two of the rectangles overlap with some area: a sweep from left to right.
  static func anyOverlap(_ rectangles: ArraySlice<ImportCandidate>) -> Bool {
    let sorted = rectangles.sorted { $0.x < $1.x }
    var active: [ImportCandidate] = []
    for rectangle in sorted {
      active.removeAll { $0.x + $0.width <= rectangle.x }
      for other in active
      where other.y < rectangle.y + rectangle.height && rectangle.y < other.y + other.height {
        return true
      }
      active.append(rectangle)
    }
    return false
  }
}

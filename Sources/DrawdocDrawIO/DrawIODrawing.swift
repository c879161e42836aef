import DrawdocModel
import DrawdocXML

extension DrawIOCells {
  /// The drawing one page makes: its rectangles with settled ids, its canvas, title, id and
  /// times. The cells are let go once the rectangles are found, before the drawing is made.
  mutating func drawing(
    root: XMLTreeElement, diagram: XMLTreeElement?, model: XMLTreeElement, now: Timestamp,
    warnings: inout [DrawIOWarning]
  ) throws(DrawIOError) -> Drawing {
    var candidates = try candidates(warnings: &warnings)
    letGoOfCells()
    let written = root.name == "mxfile" && root.attribute("drawdoc") == "1"
    let size = try canvas(&candidates, model: model, exact: written)
    let ids = DrawIOIdentifiers.settle(candidates.map(\.cell))
    var rectangles: [Rectangle] = []
    rectangles.reserveCapacity(candidates.count)
    for (candidate, id) in zip(candidates, ids) {
      do {
        rectangles.append(
          Rectangle(
            id: id, point: try Point(x: candidate.x, y: candidate.y),
            size: try Size(width: candidate.width, height: candidate.height),
            color: candidate.color, alpha: candidate.alpha))
      } catch {
        throw DrawIOError("cell \"\(candidate.cell)\": \(error)", line: model.line)
      }
    }
    var title = diagram?.attribute("name") ?? ""
    if (try? Plane(title: title)) == nil {
      warnings.append(DrawIOWarning(kind: .title, line: diagram?.line ?? root.line))
      title = ""
    }
    let plane: Plane
    do {
      plane = try Plane(size: size, title: title, rectangles: rectangles)
    } catch {
      throw DrawIOError("\(error)", line: model.line)
    }
    // A bare model has no page id to derive one from: a fresh id, so that two such files
    // never name the same drawing (`save` makes a file with a known id a new version of it).
    var system = SystemRandomNumberGenerator()
    let id =
      diagram.flatMap { $0.attribute("id") }.map {
        (try? Identifier($0)) ?? Identifier.derived(from: $0.utf8)
      } ?? Identifier.random(using: &system)
    let created = root.attribute("drawdoc-created").flatMap { try? Timestamp($0) } ?? now
    let modified = root.attribute("drawdoc-modified").flatMap { try? Timestamp($0) } ?? now
    return Drawing(id: id, created: created, modified: modified, plane: plane)
  }

  /// The canvas: the page (`pageWidth` × `pageHeight`) when the model gives one, shows it
  /// (not `page="0"`) and the rectangles fit in it (always, for a file drawdoc wrote); else
  /// the rectangles' bounding box, with the rectangles moved so that its corner is the origin.
  private func canvas(_ candidates: inout [DrawIOCandidate], model: XMLTreeElement, exact: Bool)
    throws(DrawIOError) -> Size
  {
    let pageWidth = model.attribute("pageWidth").flatMap(DrawIONumber.parse)
    let pageHeight = model.attribute("pageHeight").flatMap(DrawIONumber.parse)
    var page: Size?
    // `page="0"`: draw.io shows no page, only the content, unless drawdoc wrote the file.
    let pageShown = exact || model.attribute("page") != "0"
    if let pageWidth, let pageHeight, pageShown {
      page = try? Size(width: pageWidth, height: pageHeight)
    }
    if let page, exact { return page }
    guard !candidates.isEmpty else { return page ?? Plane.defaultSize }
    let minX = candidates.map(\.x).min() ?? 0
    let minY = candidates.map(\.y).min() ?? 0
    let maxX = candidates.map { $0.x + $0.width }.max() ?? 0
    let maxY = candidates.map { $0.y + $0.height }.max() ?? 0
    if let page, minX >= 0, minY >= 0, maxX <= page.width, maxY <= page.height { return page }
    for index in candidates.indices {
      candidates[index].x -= minX
      candidates[index].y -= minY
    }
    do {
      return try Size(width: maxX - minX, height: maxY - minY)
    } catch {
      throw DrawIOError("the content's bounding box is not a canvas: \(error)", line: model.line)
    }
  }
}

/// The ids of imported rectangles: a cell id that is a drawdoc id (`abc-def-ghi`) is kept,
/// unless an earlier cell kept it; any other gets one derived from the cell id alone, so that
/// importing a file twice gives the same drawing.
enum DrawIOIdentifiers {
  /// The ids of cells, in order.
  static func settle(_ cells: [String]) -> [Identifier] {
    var used: Set<Identifier> = []
    var settled: [Identifier?] = Array(repeating: nil, count: cells.count)
    for (index, cell) in cells.enumerated() {
      if let id = try? Identifier(cell), used.insert(id).inserted { settled[index] = id }
    }
    for index in cells.indices where settled[index] == nil {
      var attempt = 0
      var id = Identifier.derived(from: cells[index].utf8)
      while used.contains(id) {
        attempt += 1
        id = Identifier.derived(from: "\(cells[index])#\(attempt)".utf8)
      }
      used.insert(id)
      settled[index] = id
    }
    return settled.map { $0 ?? Identifier(rawValue: 0) }
  }
}

import DrawdocModel
import DrawdocSVG

/// One `mxCell` of a page's model (with the id and label of the `object` or `UserObject`
/// that wraps it, if any).
struct DrawIOCell {
  let id: String
  let parent: String?
  let value: String
  let style: DrawIOStyle
  let isVertex: Bool
  let isEdge: Bool
  let isVisible: Bool
  let geometry: XMLTreeElement?
  /// The line its warnings name.
  let line: Int
}

/// A rectangle found, before its id is settled and the canvas chosen.
struct DrawIOCandidate {
  let cell: String
  var x: Double
  var y: Double
  let width: Double
  let height: Double
  let color: Color
  let alpha: Alpha
}

/// The cells of one page, and what they make.
struct DrawIOCells {
  let cells: [DrawIOCell]
  /// The first cell of each id.
  let byId: [String: Int]

  init(model: XMLTreeElement, lineOf: (Int) -> Int) throws(DrawIOError) {
    guard let root = model.children.first(where: { $0.name == "root" }) else {
      throw DrawIOError("the <mxGraphModel> has no <root>", line: lineOf(model.line))
    }
    var cells: [DrawIOCell] = []
    var byId: [String: Int] = [:]
    for element in root.children {
      let cellElement: XMLTreeElement
      var id = element.attribute("id")
      var value = element.attribute("value")
      switch element.name {
      case "mxCell":
        cellElement = element
      case "object", "UserObject":
        guard let inner = element.children.first(where: { $0.name == "mxCell" }) else { continue }
        cellElement = inner
        value = element.attribute("label")
        id = id ?? inner.attribute("id")
      default:
        continue
      }
      let cell = DrawIOCell(
        id: id ?? "", parent: cellElement.attribute("parent"), value: value ?? "",
        style: DrawIOStyle(cellElement.attribute("style") ?? ""),
        isVertex: cellElement.attribute("vertex") == "1",
        isEdge: cellElement.attribute("edge") == "1",
        isVisible: cellElement.attribute("visible") != "0",
        geometry: cellElement.children.first { $0.name == "mxGeometry" },
        line: lineOf(element.line))
      if cell.parent == cell.id {
        throw DrawIOError("cell \"\(cell.id)\" is its own parent", line: cell.line)
      }
      if byId[cell.id] == nil { byId[cell.id] = cells.count }
      cells.append(cell)
    }
    self.cells = cells
    self.byId = byId
  }

  /// Every cell above `cell`, nearest first, up to its root; the missing id when a parent
  /// names no cell. Only vertices among them place it: layers and roots are not vertices.
  private func ancestors(of cell: DrawIOCell) throws(DrawIOError) -> Result<[Int], DrawIOSkip> {
    var chain: [Int] = []
    var next = cell.parent
    while let parentId = next {
      guard let index = byId[parentId] else { return .failure(.unknownParent(parentId)) }
      chain.append(index)
      guard chain.count <= cells.count else {
        throw DrawIOError(
          "cell \"\(cell.id)\": its parent references form a cycle", line: cell.line)
      }
      next = cells[index].parent
    }
    return .success(chain)
  }

  /// Makes each vertex a rectangle or a warning, in document order.
  func candidates(warnings: inout [DrawIOWarning]) throws(DrawIOError) -> [DrawIOCandidate] {
    var candidates: [DrawIOCandidate] = []
    for cell in cells {
      let chain: [Int]
      switch try ancestors(of: cell) {
      case .success(let found): chain = found
      case .failure(let skip):
        if cell.isVertex || cell.isEdge {
          warnings.append(.init(kind: .skipped(cell: cell.id, reason: skip), line: cell.line))
        }
        continue
      }
      guard cell.isVertex || cell.isEdge else { continue }
      switch try candidate(cell, chain: chain) {
      case .success(let (candidate, losses)):
        candidates.append(candidate)
        if !losses.isEmpty {
          warnings.append(.init(kind: .simplified(cell: cell.id, losses: losses), line: cell.line))
        }
      case .failure(let skip):
        warnings.append(.init(kind: .skipped(cell: cell.id, reason: skip), line: cell.line))
      case nil:
        break
      }
    }
    return candidates
  }

  /// The rectangle a cell makes and what it loses, the reason it makes none, or `nil` for a
  /// cell that draws nothing (an empty group).
  private func candidate(_ cell: DrawIOCell, chain: [Int]) throws(DrawIOError)
    -> Result<(DrawIOCandidate, [DrawIOLoss]), DrawIOSkip>?
  {
    let style = cell.style
    if cell.isEdge { return .failure(.edge) }
    if !cell.isVisible || chain.contains(where: { !cells[$0].isVisible }) {
      return .failure(.hidden)
    }
    let shape = style["shape"]
    if style.names.contains("text") || shape == "text" { return .failure(.text) }
    if style.names.contains("swimlane") || shape == "swimlane" { return .failure(.swimlane) }
    if style.names.contains("group") && cell.value.isEmpty { return nil }
    if let shape, shape != "rect" { return .failure(.shape(shape)) }
    if let name = style.names.first(where: { $0 != "rect" }) {
      return .failure(.shape(String(name)))
    }
    guard let geometry = cell.geometry, geometry.attribute("relative") != "1" else {
      return .failure(.noGeometry)
    }
    let color: Color
    switch style["fillColor"] {
    case nil: color = Color(red: UInt8(255), green: 255, blue: 255)
    case "none": return .failure(cell.value.isEmpty ? .fillNone : .text)
    case let text?:
      guard let parsed = DrawIOStyle.color(text) else { return .failure(.unreadableColor(text)) }
      color = parsed
    }
    var x = try number(geometry, "x", cell)
    var y = try number(geometry, "y", cell)
    let width = try number(geometry, "width", cell)
    let height = try number(geometry, "height", cell)
    guard width > 0, height > 0 else { return .failure(.emptySize) }
    for index in chain {
      guard let placed = cells[index].geometry, cells[index].isVertex else { continue }
      x += try number(placed, "x", cells[index])
      y += try number(placed, "y", cells[index])
    }
    guard x.isFinite, y.isFinite else {
      throw DrawIOError("cell \"\(cell.id)\": its position is too large", line: cell.line)
    }
    let opacity = style.fraction("opacity") * style.fraction("fillOpacity")
    let level = min(10, Int((10 * opacity + 0.5 + 1e-9).rounded(.down)))
    guard level > 0, let alpha = try? Alpha(level: level) else {
      return .failure(.invisible(opacity))
    }
    var losses: [DrawIOLoss] = []
    if !cell.value.isEmpty { losses.append(.label) }
    if style["strokeColor"] != "none" { losses.append(.stroke) }
    if style.isOn("rounded") { losses.append(.roundedCorners) }
    if let rotation = style["rotation"], let angle = DrawIONumber.parse(rotation), angle != 0 {
      losses.append(.rotation)
    }
    if let gradient = style["gradientColor"], gradient != "none", !gradient.isEmpty {
      losses.append(.gradient)
    }
    if style.isOn("shadow") { losses.append(.shadow) }
    if style.isOn("sketch") { losses.append(.sketch) }
    if abs(10 * opacity - Double(level)) > 1e-9 {
      losses.append(.opacityRounded(opacity: opacity, level: level))
    }
    let candidate = DrawIOCandidate(
      cell: cell.id, x: x, y: y, width: width, height: height, color: color, alpha: alpha)
    return .success((candidate, losses))
  }

  /// A geometry number: 0 when absent; a malformed or infinite one refuses the file.
  private func number(_ geometry: XMLTreeElement, _ name: String, _ cell: DrawIOCell)
    throws(DrawIOError) -> Double
  {
    guard let text = geometry.attribute(name) else { return 0 }
    guard let value = DrawIONumber.parse(text), value.isFinite else {
      throw DrawIOError(
        "cell \"\(cell.id)\": mxGeometry \(name)=\"\(String(text.prefix(40)))\" is not a finite "
          + "number", line: cell.line)
    }
    return value
  }
}

import DrawdocModel
import DrawdocSVG

/// One `mxCell` of a page's model (with the id and label of the `object` or `UserObject`
/// that wraps it, if any).
struct DrawIOCell {
  let id: String
  let parent: String?
  let value: String
  /// The `style` as written: read (``DrawIOStyle``) only for a cell that may be a rectangle.
  let style: String
  let isVertex: Bool
  let isEdge: Bool
  let isVisible: Bool
  let geometry: DrawIOGeometry?
  /// The line its warnings name.
  let line: Int
}

/// A cell's `mxGeometry`: its numbers read, those that are not finite numbers kept as written,
/// for the error they raise only if the cell is used.
struct DrawIOGeometry {
  /// The numbers of a geometry, by their attributes' names.
  enum Number: String {
    case x, y, width, height
  }

  private var x = 0.0
  private var y = 0.0
  private var width = 0.0
  private var height = 0.0
  /// The numbers that are not finite numbers, as written.
  private var unreadable: [(number: Number, text: String)] = []
  /// Whether it is `relative="1"` (relative to its parent's size, as edge labels are).
  private(set) var isRelative = false

  /// Reads a start tag's attributes.
  init(_ element: SAXElement) {
    for index in 0..<element.attributeCount {
      let attribute = element.attribute(index)
      guard !attribute.isQualified else { continue }
      let name = attribute.name
      let number: Number
      if DrawIOCellStream.equal(name, "x") {
        number = .x
      } else if DrawIOCellStream.equal(name, "y") {
        number = .y
      } else if DrawIOCellStream.equal(name, "width") {
        number = .width
      } else if DrawIOCellStream.equal(name, "height") {
        number = .height
      } else {
        if DrawIOCellStream.equal(name, "relative") {
          isRelative = DrawIOCellStream.isOne(attribute.value)
        }
        continue
      }
      // `&` makes no number, whether written `&` or kept by libxml2 as `&#38;`: the bytes
      // as given parse as the text would.
      guard let value = NumberParser.parse(attribute.value), value.isFinite else {
        unreadable.append((number, attribute.text))
        continue
      }
      switch number {
      case .x: x = value
      case .y: y = value
      case .width: width = value
      case .height: height = value
      }
    }
  }

  /// A number: 0 when absent; a malformed or infinite one refuses the file, naming the cell.
  func number(_ number: Number, of cell: DrawIOCell) throws(DrawIOError) -> Double {
    if let text = unreadable.first(where: { $0.number == number })?.text {
      throw DrawIOError(
        "cell \"\(cell.id)\": mxGeometry \(number.rawValue)=\"\(String(text.prefix(40)))\" "
          + "is not a finite number", line: cell.line)
    }
    switch number {
    case .x: return x
    case .y: return y
    case .width: return width
    case .height: return height
    }
  }
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

  /// The cells of a model, read by a ``DrawIOCellStream`` from the children of its `<root>`.
  ///
  /// - Parameters:
  ///   - model: The `<mxGraphModel>`, with its first `<root>` (that is all it needs to hold).
  ///   - cells: Its cells, in document order.
  ///   - lineOf: The line of an error about the model, from the line of its start tag.
  /// - Throws: ``DrawIOError`` for a model without a `<root>`, or a cell that is its own parent.
  init(model: XMLTreeElement, cells: [DrawIOCell], lineOf: (Int) -> Int) throws(DrawIOError) {
    guard model.children.contains(where: { $0.name == "root" }) else {
      throw DrawIOError("the <mxGraphModel> has no <root>", line: lineOf(model.line))
    }
    var byId: [String: Int] = [:]
    byId.reserveCapacity(cells.count)
    for (index, cell) in cells.enumerated() {
      if cell.parent == cell.id {
        throw DrawIOError("cell \"\(cell.id)\" is its own parent", line: cell.line)
      }
      if byId[cell.id] == nil { byId[cell.id] = index }
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
    if cell.isEdge { return .failure(.edge) }
    if !cell.isVisible || chain.contains(where: { !cells[$0].isVisible }) {
      return .failure(.hidden)
    }
    let style = DrawIOStyle(cell.style)
    let shape = style["shape"]
    if style.names.contains("text") || shape == "text" { return .failure(.text) }
    if style.names.contains("swimlane") || shape == "swimlane" { return .failure(.swimlane) }
    if style.names.contains("group") && cell.value.isEmpty { return nil }
    if let shape, shape != "rect" { return .failure(.shape(shape)) }
    if let name = style.names.first(where: { $0 != "rect" }) {
      return .failure(.shape(String(name)))
    }
    guard let geometry = cell.geometry, !geometry.isRelative else {
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
    var x = try geometry.number(.x, of: cell)
    var y = try geometry.number(.y, of: cell)
    let width = try geometry.number(.width, of: cell)
    let height = try geometry.number(.height, of: cell)
    guard width > 0, height > 0 else { return .failure(.emptySize) }
    for index in chain {
      guard let placed = cells[index].geometry, cells[index].isVertex else { continue }
      x += try placed.number(.x, of: cells[index])
      y += try placed.number(.y, of: cells[index])
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
}

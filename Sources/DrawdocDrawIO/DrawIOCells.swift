import DrawdocModel
import DrawdocXML

/// One `mxCell` of a page's model (with the id and label of the `object` or `UserObject`
/// that wraps it, if any), as little as import mode needs of it: a file may hold a great many.
/// (The properties are in the order that packs them tightest.)
struct DrawIOCell {
  let id: String
  let parent: String?
  let style: DrawIOStyle
  /// The line its warnings name.
  let line: Int
  let geometry: DrawIOGeometry?
  /// Whether its `value` (or its wrapper's `label`) is not empty: it has a label.
  let hasLabel: Bool
  let isVertex: Bool
  let isEdge: Bool
  let isVisible: Bool
  /// Whether it is a container folded shut (`collapsed="1"`): draw.io draws none of the cells
  /// in it.
  let isCollapsed: Bool
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
  /// The numbers that are not finite numbers, as written (empty, as a rule, which takes no
  /// memory but the array's own).
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
      if DrawIOText.equal(name, "x") {
        number = .x
      } else if DrawIOText.equal(name, "y") {
        number = .y
      } else if DrawIOText.equal(name, "width") {
        number = .width
      } else if DrawIOText.equal(name, "height") {
        number = .height
      } else {
        if DrawIOText.equal(name, "relative") {
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
  /// The cells, until ``drawing(root:diagram:model:now:warnings:)`` lets them go.
  private(set) var cells: [DrawIOCell]
  /// The cell each cell's `parent` names (the first of that id), by index; ``noParent`` for
  /// a cell without one, ``unknownParent`` when it names no cell.
  private(set) var parents: [Int32]
  /// A cell without a `parent`.
  static let noParent: Int32 = -1
  /// A cell whose `parent` names no cell.
  static let unknownParent: Int32 = -2

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
    // The first cell of each id; no more than `maximumElements` (fewer than 2³¹) cells.
    var byId: [String: Int32] = [:]
    byId.reserveCapacity(cells.count)
    for (index, cell) in cells.enumerated() {
      if cell.parent == cell.id {
        throw DrawIOError("cell \"\(cell.id)\" is its own parent", line: cell.line)
      }
      if byId[cell.id] == nil { byId[cell.id] = Int32(index) }
    }
    self.cells = cells
    parents = cells.map { cell in
      cell.parent.map { byId[$0] ?? Self.unknownParent } ?? Self.noParent
    }
  }

  /// The most cells above a cell, as many as the levels of XML nesting allowed: every cell's
  /// chain is walked, so without a bound a file of chained cells would take time quadratic
  /// in its size.
  static let maximumAncestors = XMLLimits.maximumDepth

  /// Puts every cell above cell `index` in `chain`, nearest first, up to its root; the
  /// missing id when a parent names no cell. Only vertices among them place it: layers and
  /// roots are not vertices.
  private func ancestors(of index: Int, in chain: inout [Int]) throws(DrawIOError)
    -> DrawIOSkip?
  {
    chain.removeAll(keepingCapacity: true)
    var current = index
    while true {
      let parent = parents[current]
      if parent == Self.noParent { return nil }
      if parent == Self.unknownParent { return .unknownParent(cells[current].parent ?? "") }
      guard chain.count < Self.maximumAncestors else {
        try refuseDeepChain(of: index, from: Int(parent))
      }
      chain.append(Int(parent))
      current = Int(parent)
    }
  }

  /// Refuses a cell with more than ``maximumAncestors`` cells above it: as a cycle when its
  /// parent references never reach a root (looked for once, as the file is refused), else as
  /// too deep.
  private func refuseDeepChain(of index: Int, from start: Int) throws(DrawIOError) -> Never {
    let cell = cells[index]
    var current = start
    for _ in 0...cells.count {
      let parent = parents[current]
      guard parent >= 0 else {
        throw DrawIOError(
          "cell \"\(cell.id)\" lies more than \(Self.maximumAncestors) cells deep (parent of "
            + "parent…), past drawdoc's limit: ungroup some of its containers in draw.io",
          line: cell.line, isLimit: true)
      }
      current = Int(parent)
    }
    throw DrawIOError("cell \"\(cell.id)\": its parent references form a cycle", line: cell.line)
  }

  /// Lets the cells go, once their rectangles are found: a file may hold a great many.
  mutating func letGoOfCells() {
    cells = []
    parents = []
  }

  /// Makes each vertex a rectangle or a warning, in document order.
  func candidates(warnings: inout [DrawIOWarning]) throws(DrawIOError) -> [DrawIOCandidate] {
    var candidates: [DrawIOCandidate] = []
    candidates.reserveCapacity(cells.lazy.filter(\.isVertex).count)
    var chain: [Int] = []
    for (index, cell) in cells.enumerated() {
      if let skip = try ancestors(of: index, in: &chain) {
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
    if chain.contains(where: { cells[$0].isCollapsed }) { return .failure(.collapsed) }
    let style = cell.style
    if style.isText { return .failure(.text) }
    if style.isSwimlane { return .failure(.swimlane) }
    if style.isGroup && !cell.hasLabel { return nil }
    if let shape = style.otherShape { return .failure(.shape(shape)) }
    guard let geometry = cell.geometry, !geometry.isRelative else {
      return .failure(.noGeometry)
    }
    let color: Color
    switch style.fill {
    case .white: color = Color(red: UInt8(255), green: 255, blue: 255)
    case .none: return .failure(cell.hasLabel ? .text : .fillNone)
    case .color(let parsed): color = parsed
    case .unreadable(let text): return .failure(.unreadableColor(text))
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
    let opacity = style.opacity
    let level = min(10, Int((10 * opacity + 0.5 + 1e-9).rounded(.down)))
    guard level > 0, let alpha = try? Alpha(level: level) else {
      return .failure(.invisible(opacity))
    }
    var losses: [DrawIOLoss] = []
    if cell.hasLabel { losses.append(.label) }
    let lost = style.losses
    if lost.contains(.stroke) { losses.append(.stroke) }
    if lost.contains(.roundedCorners) { losses.append(.roundedCorners) }
    if lost.contains(.rotation) { losses.append(.rotation) }
    if lost.contains(.gradient) { losses.append(.gradient) }
    if lost.contains(.patternFill), let pattern = style.patternFill {
      losses.append(.patternFill(pattern))
    }
    if lost.contains(.shadow) { losses.append(.shadow) }
    if lost.contains(.sketch) { losses.append(.sketch) }
    if lost.contains(.darkFill), let dark = style.darkFill { losses.append(.darkFill(dark)) }
    if abs(10 * opacity - Double(level)) > 1e-9 {
      losses.append(.opacityRounded(opacity: opacity, level: level))
    }
    let candidate = DrawIOCandidate(
      cell: cell.id, x: x, y: y, width: width, height: height, color: color, alpha: alpha)
    return .success((candidate, losses))
  }
}

import DrawdocModel
import DrawdocXML

/// Reads the cells of one page as the parse meets them, so that no tree of the cells is ever
/// held: the tree keeps the root, the `mxfile`'s `<diagram>` pages, the page's model (the
/// first `<mxGraphModel>` of the page read, or the root) and the model's first `<root>`,
/// without its children; each child of that `<root>` that is a cell becomes a ``DrawIOCell``
/// when it ends, and nothing else is kept.
final class DrawIOCellStream: XMLTreeStream {
  /// The cells, in document order.
  private var cells: [DrawIOCell] = []
  /// The page whose model is read, from 1, when the root is an `mxfile`; `nil` for a document
  /// whose only model can be its root (a compressed page's).
  private let page: Int?
  /// The line every cell's warnings name (a compressed page's `<diagram>`'s); `nil` for the
  /// line of the cell's own start tag.
  private let line: Int?

  /// What the root is.
  private enum Root { case model, file, other }
  private var root = Root.other
  /// How many `<diagram>` pages have started.
  private var diagrams = 0
  /// The depth of the model, once it has started.
  private var modelDepth: Int?
  /// Whether the model's first `<root>` has started.
  private var rootStarted = false
  /// The depth of the cells (the children of the model's `<root>`) while the `<root>` is open.
  private var cellsDepth: Int?
  /// The cell being read: the child of `<root>` open, when it is an `mxCell`, `object` or
  /// `UserObject`.
  private var pending: PendingCell?
  /// Whether the first `mxCell` of the `object` or `UserObject` being read is open.
  private var innerCellOpen = false

  /// A stream for a file, whose model is its root or the plain model of page `page` (from 1)
  /// of its `mxfile`; or, with `page` `nil`, for the model of a compressed page, every cell
  /// at `line`.
  init(page: Int?, line: Int? = nil) {
    self.page = page
    self.line = line
  }

  /// Hands over the cells read, in document order, keeping none.
  func takeCells() -> [DrawIOCell] {
    defer { cells = [] }
    return cells
  }

  func startElement(_ element: SAXElement, depth: Int, parentKept: Bool) -> Bool {
    if let cellsDepth, depth >= cellsDepth {
      read(element, level: depth - cellsDepth)
      return false
    }
    guard parentKept else { return false }
    let name = element.localName
    switch depth {
    case 0:
      if DrawIOText.equal(name, "mxGraphModel") {
        root = .model
        modelDepth = 0
      } else if page != nil, DrawIOText.equal(name, "mxfile") {
        root = .file
      }
      return true
    case 1 where root == .file:
      guard DrawIOText.equal(name, "diagram") else { return false }
      diagrams += 1
      return true
    case 2 where root == .file:
      // Inside a `<diagram>`, the only children of the root kept.
      guard diagrams == page, modelDepth == nil, DrawIOText.equal(name, "mxGraphModel") else {
        return false
      }
      modelDepth = depth
      return true
    default:
      guard let modelDepth, depth == modelDepth + 1, !rootStarted, DrawIOText.equal(name, "root")
      else { return false }
      rootStarted = true
      cellsDepth = depth + 1
      return true
    }
  }

  func endElement(depth: Int) {
    guard let cellsDepth else { return }
    if depth == cellsDepth {
      if let pending, let cell = pending.cell { cells.append(cell) }
      pending = nil
    } else if depth == cellsDepth + 1 {
      innerCellOpen = false
    } else if depth < cellsDepth {
      self.cellsDepth = nil
    }
  }

  /// An element inside the model's `<root>`, `level` below its children.
  private func read(_ element: SAXElement, level: Int) {
    let name = element.localName
    switch level {
    case 0:
      let isCell = DrawIOText.equal(name, "mxCell")
      guard isCell || DrawIOText.equal(name, "object") || DrawIOText.equal(name, "UserObject")
      else {
        pending = nil
        return
      }
      var cell = PendingCell(line: line ?? element.line, isWrapper: !isCell)
      cell.read(element, asCell: isCell)
      pending = cell
    case 1:
      guard pending != nil else { return }
      if pending?.isWrapper == true {
        guard pending?.hasCell == false, DrawIOText.equal(name, "mxCell") else { return }
        pending?.read(element, asCell: true)
        innerCellOpen = true
      } else if pending?.geometry == nil, DrawIOText.equal(name, "mxGeometry") {
        pending?.geometry = DrawIOGeometry(element)
      }
    case 2:
      guard innerCellOpen, pending?.geometry == nil, DrawIOText.equal(name, "mxGeometry") else {
        return
      }
      pending?.geometry = DrawIOGeometry(element)
    default:
      return
    }
  }

  /// Whether a value is `1`.
  static func isOne(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    value.count == 1 && value[0] == UInt8(ascii: "1")
  }
}

/// A cell while its element is read: an `mxCell`, or an `object` or `UserObject` and the
/// first `mxCell` in it.
private struct PendingCell {
  let line: Int
  let isWrapper: Bool
  var id: String?
  var hasLabel = false
  var hasCell = false
  var parent: String?
  var style = DrawIOStyle()
  var isVertex = false
  var isEdge = false
  var isVisible = true
  var isCollapsed = false
  var geometry: DrawIOGeometry?

  init(line: Int, isWrapper: Bool) {
    self.line = line
    self.isWrapper = isWrapper
  }

  /// The cell, once read; `nil` for a wrapper without an `mxCell`.
  var cell: DrawIOCell? {
    guard hasCell else { return nil }
    return DrawIOCell(
      id: id ?? "", parent: parent, style: style, line: line, geometry: geometry,
      hasLabel: hasLabel, isVertex: isVertex, isEdge: isEdge, isVisible: isVisible,
      isCollapsed: isCollapsed)
  }

  /// Reads a start tag's attributes: a wrapper's `id` and `label` (`asCell` `false`), or an
  /// `mxCell`'s; the `id` of an `mxCell` in a wrapper counts only when the wrapper has none.
  mutating func read(_ element: SAXElement, asCell: Bool) {
    let readsId = id == nil
    for index in 0..<element.attributeCount {
      let attribute = element.attribute(index)
      guard !attribute.isQualified else { continue }
      let name = attribute.name
      if readsId, DrawIOText.equal(name, "id") {
        id = attribute.text
      } else if !asCell {
        if DrawIOText.equal(name, "label") { hasLabel = !attribute.value.isEmpty }
      } else if DrawIOText.equal(name, "parent") {
        parent = attribute.text
      } else if DrawIOText.equal(name, "style") {
        // libxml2 keeps a literal `&` as `&#38;`, whose `;` would cut the style.
        if attribute.value.contains(UInt8(ascii: "&")) {
          style = DrawIOStyle(attribute.text)
        } else {
          style = DrawIOStyle(attribute.value)
        }
      } else if DrawIOText.equal(name, "vertex") {
        isVertex = DrawIOCellStream.isOne(attribute.value)
      } else if DrawIOText.equal(name, "edge") {
        isEdge = DrawIOCellStream.isOne(attribute.value)
      } else if DrawIOText.equal(name, "visible") {
        isVisible = !(attribute.value.count == 1 && attribute.value[0] == UInt8(ascii: "0"))
      } else if DrawIOText.equal(name, "collapsed") {
        isCollapsed = DrawIOCellStream.isOne(attribute.value)
      } else if !isWrapper, DrawIOText.equal(name, "value") {
        hasLabel = !attribute.value.isEmpty
      }
    }
    if asCell { hasCell = true }
  }
}

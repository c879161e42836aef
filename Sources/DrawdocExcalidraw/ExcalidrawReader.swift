import DrawdocJSON
import DrawdocModel

/// Reads an Excalidraw scene (`.excalidraw`, JSON) as a drawing; docs/format.md, "Excalidraw
/// files", says what is kept, what is warned about, and what is refused.
package enum ExcalidrawReader {
  /// Whether a parsed JSON value is an Excalidraw scene (`"type": "excalidraw"`), or the
  /// elements Excalidraw's copy puts on the clipboard (``isClipboard(_:)``), read as a scene.
  package static func isScene(_ value: JSONValue) -> Bool {
    value[last: "type"] == .string("excalidraw") || isClipboard(value)
  }

  /// Whether a parsed JSON value is what Excalidraw's copy puts on the clipboard as text
  /// (`"type": "excalidraw/clipboard"`): its `elements` (and `files`), without a scene's
  /// `version`, `source` and `appState`.
  package static func isClipboard(_ value: JSONValue) -> Bool {
    value[last: "type"] == .string("excalidraw/clipboard")
  }

  /// Whether a parsed JSON value is an Excalidraw library (`"type": "excalidrawlib"`).
  package static func isLibrary(_ value: JSONValue) -> Bool {
    value[last: "type"] == .string("excalidrawlib")
  }

  /// Reads a scene from the bytes of JSON text that may be another JSON file: `nil` when it
  /// is JSON whose `type` is neither `excalidraw` nor `excalidrawlib`, else as
  /// ``read(_:title:now:warningLine:)`` reads it.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - title: The title of a drawing the scene does not carry.
  ///   - now: The creation and modification time of such a drawing.
  /// - Returns: The drawing and the warnings, or `nil` for JSON that is not Excalidraw's.
  /// - Throws: ``ExcalidrawError``.
  package static func readIfScene(_ bytes: [UInt8], title: String, now: Timestamp)
    throws(ExcalidrawError) -> ExcalidrawImport?
  {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      throw ExcalidrawError(
        error.message, line: error.line, column: error.column, isLimit: error.isLimit)
    }
    guard isScene(value) || isLibrary(value) else { return nil }
    let lines = ElementLines.find(in: bytes)
    return try read(value, title: title, now: now, identity: bytes) { index in
      index < lines.count ? lines[index] : 1
    }
  }

  /// Reads a scene from the bytes of a `.excalidraw` file.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - title: The title of a drawing the scene does not carry (drawdoc's own files do).
  ///   - now: The creation and modification time of such a drawing.
  ///   - warningLine: The line every warning gets, or `nil` for the line of the element's `{`.
  /// - Returns: The drawing and the warnings.
  /// - Throws: ``ExcalidrawError``.
  package static func read(
    _ bytes: [UInt8], title: String, now: Timestamp, warningLine: Int? = nil
  ) throws(ExcalidrawError) -> ExcalidrawImport {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      throw ExcalidrawError(
        error.message, line: error.line, column: error.column, isLimit: error.isLimit)
    }
    let lines = warningLine == nil ? ElementLines.find(in: bytes) : []
    return try read(value, title: title, now: now, identity: bytes) { index in
      warningLine ?? (index < lines.count ? lines[index] : 1)
    }
  }

  /// Reads a parsed scene.
  ///
  /// - Parameters:
  ///   - value: The scene.
  ///   - title: The title of a drawing the scene does not carry.
  ///   - now: The time of such a drawing.
  ///   - identity: Bytes the id of such a drawing is derived from (the file's).
  ///   - line: The line of a warning about the element at a 0-based index.
  /// - Returns: The drawing and the warnings.
  /// - Throws: ``ExcalidrawError``.
  static func read(
    _ value: JSONValue, title: String, now: Timestamp, identity: [UInt8],
    line: (Int) -> Int
  ) throws(ExcalidrawError) -> ExcalidrawImport {
    if isLibrary(value) {
      throw ExcalidrawError(
        "a library of shapes, not a drawing: open it in Excalidraw and export a scene")
    }
    guard case .object = value, isScene(value) else {
      throw ExcalidrawError(
        "not an Excalidraw scene: its \"type\" is not \"excalidraw\" (or "
          + "\"excalidraw/clipboard\", as Excalidraw copies elements)")
    }
    guard case .array(let elements)? = value[last: "elements"] else {
      throw ExcalidrawError(missingElements(value))
    }
    // Excalidraw's clipboard holds elements alone: no drawdoc header is looked for.
    let clipboard = isClipboard(value)
    var sceneHeader: Drawing?
    if !clipboard {
      let member = "the scene's \"drawdoc\" member"
      sceneHeader = try DrawdocHeader.read(value[last: "drawdoc"], of: member)
    }
    // Excalidraw's save drops the scene's member: then the first element that carries the
    // header in its `customData` gives it.
    var carried: Drawing?
    var warnings: [ExcalidrawWarning] = []
    var kept: [(element: SceneElement, rectangle: ParsedRectangle)] = []
    var bounds = Bounds()
    for (index, member) in elements.enumerated() {
      // A deleted element counts for nothing: neither its geometry nor its style is read.
      if try SceneElement.isDeleted(member, index: index) { continue }
      let element = try SceneElement(member, index: index)
      if !clipboard, sceneHeader == nil, carried == nil {
        carried = try DrawdocHeader.read(
          member[last: "customData"]?[last: "drawdoc"],
          of: "\(element.name): the \"drawdoc\" member of its \"customData\"")
      }
      bounds.add(element)
      let (rectangle, losses) = try element.rectangle()
      if !losses.isEmpty {
        warnings.append(ExcalidrawWarning(line: line(index), message: losses))
      }
      if let rectangle { kept.append((element, rectangle)) }
    }
    let header = sceneHeader ?? carried
    let size: Size
    var offset = (x: 0.0, y: 0.0)
    if let header {
      size = header.plane.size
    } else {
      let box = try bounds.canvas()
      size = box.size
      offset = (box.x, box.y)
      if box.x != 0 || box.y != 0 {
        warnings.insert(
          ExcalidrawWarning(
            line: 1,
            message: "the canvas is the box around the elements, moved to the origin: "
              + "every rectangle moved by (\(ShortNumber(-box.x)), \(ShortNumber(-box.y)))"),
          at: 0)
      }
    }
    var identifiers = Identifiers()
    var rectangles: [Rectangle] = []
    for (element, parsed) in kept {
      let x = parsed.x - offset.x
      let y = parsed.y - offset.y
      guard x.isFinite, y.isFinite else {
        throw ExcalidrawError("element \(element.name): its position is out of range")
      }
      rectangles.append(
        Rectangle(
          id: identifiers.identifier(for: element.id), point: Point(trustedX: x, y: y),
          size: parsed.size, color: parsed.color, alpha: parsed.alpha))
    }
    do {
      if let header {
        let plane = try Plane(size: size, title: header.plane.title, rectangles: rectangles)
        return ExcalidrawImport(
          drawing: Drawing(
            id: header.id, created: header.created, modified: header.modified, plane: plane),
          warnings: warnings)
      }
      let plane = try Plane(size: size, title: title, rectangles: rectangles)
      let id = Identifier.derived(from: identity)
      return ExcalidrawImport(
        drawing: Drawing(id: id, created: now, modified: now, plane: plane), warnings: warnings)
    } catch {
      var isLimit = false
      if case .tooManyRectangles = error { isLimit = true }
      throw ExcalidrawError(
        "the scene is not a drawing drawdoc can hold: \(error)", isLimit: isLimit)
    }
  }
}

/// What is wrong with a scene whose `elements` is missing or not an array; Excalidraw's
/// clipboard text says which, and what is expected.
private func missingElements(_ value: JSONValue) -> String {
  guard ExcalidrawReader.isClipboard(value) else {
    return "the scene's \"elements\" is not an array"
  }
  let what = "Excalidraw's clipboard text (\"type\": \"excalidraw/clipboard\")"
  let expected = "expected an array of elements, \"elements\": [ … ]"
  if value[last: "elements"] == nil { return "\(what) has no \"elements\": \(expected)" }
  return "the \"elements\" of \(what) is not an array: \(expected)"
}

/// A number in a message, as drawdoc's messages print numbers: at most four decimals, in the
/// shortest form (a number too large for a double, such as JSON's 1e999, is `infinity`).
struct ShortNumber: CustomStringConvertible {
  let value: Double
  init(_ value: Double) { self.value = value }
  var description: String { ShortestDecimal.message(value) }
}

/// The ids of the rectangles: an element's id when it is a drawdoc id not yet taken, else one
/// derived from it (FNV-1a of its UTF-8, modulo the number of ids, then the next free one), so
/// that a file reads as the same drawing every time.
struct Identifiers {
  var taken: Set<Identifier> = []

  mutating func identifier(for text: String) -> Identifier {
    if let own = try? Identifier(text), taken.insert(own).inserted { return own }
    var raw = Identifier.derived(from: text.utf8).rawValue
    while !taken.insert(Identifier(rawValue: raw)).inserted { raw = (raw + 1) % Identifier.count }
    return Identifier(rawValue: raw)
  }
}

/// The box around the non-deleted elements.
struct Bounds {
  var minX = Double.infinity
  var minY = Double.infinity
  var maxX = -Double.infinity
  var maxY = -Double.infinity

  mutating func add(_ element: SceneElement) {
    minX = min(minX, element.box.left)
    minY = min(minY, element.box.top)
    maxX = max(maxX, element.box.right)
    maxY = max(maxY, element.box.bottom)
  }

  /// The canvas: the box's size (a side of zero length becomes 1; no element, the default
  /// canvas) and its top left corner.
  func canvas() throws(ExcalidrawError) -> (size: Size, x: Double, y: Double) {
    guard minX.isFinite else { return (Plane.defaultSize, 0, 0) }
    let width = maxX - minX
    let height = maxY - minY
    guard width.isFinite, height.isFinite else {
      throw ExcalidrawError("the elements spread wider than drawdoc's numbers reach")
    }
    return (Size(trustedWidth: width > 0 ? width : 1, height: height > 0 ? height : 1), minX, minY)
  }
}

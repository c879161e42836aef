import DrawdocJSON
import DrawdocModel
import DrawdocXML

/// One member of a scene's `elements`, with the fields drawdoc reads checked for their types.
///
/// A field that is missing (or `null`) has the value Excalidraw's `restore` gives it when it
/// opens the file, so that the warnings say what Excalidraw draws: docs/format.md, "Excalidraw
/// files", lists them.
struct SceneElement {
  let value: JSONValue
  let index: Int
  let id: String
  let type: String
  let x: Double
  let y: Double
  let width: Double
  let height: Double
  /// The unrotated box the element covers on the canvas: `x`…`x + width` by `y`…`y + height`,
  /// or for a line, an arrow or a freehand drawing the box around its points.
  let box: (left: Double, top: Double, right: Double, bottom: Double)

  /// The types whose geometry is their `points`, relative to `x` and `y` (`draw` is the old
  /// name of `line`).
  static let linearTypes: Set<String> = ["line", "arrow", "freedraw", "draw"]

  /// How messages name the element: its type and id.
  var name: String { "\(type) \"\(id)\"" }

  /// Whether a member of `elements` is deleted (`"isDeleted": true`): such an element counts
  /// for nothing, and nothing else of it is read.
  ///
  /// - Throws: ``ExcalidrawError`` for a member that is not an object, or an `isDeleted` that is
  ///   neither true, false nor null.
  static func isDeleted(_ value: JSONValue, index: Int) throws(ExcalidrawError) -> Bool {
    guard case .object = value else {
      throw ExcalidrawError("element \(index + 1) of \"elements\" is not an object")
    }
    switch value[last: "isDeleted"] {
    case .bool(let deleted)?: return deleted
    case nil, .null?: return false
    default:
      throw ExcalidrawError(
        "element \(index + 1): \"isDeleted\" is not true or false (or null, for false)")
    }
  }

  init(_ value: JSONValue, index: Int) throws(ExcalidrawError) {
    guard case .object = value else {
      throw ExcalidrawError("element \(index + 1) of \"elements\" is not an object")
    }
    self.value = value
    self.index = index
    guard case .string(let type)? = value[last: "type"] else {
      throw ExcalidrawError("element \(index + 1) has no \"type\" string")
    }
    self.type = type
    switch value[last: "id"] {
    case .string(let id)?: self.id = id
    case nil: self.id = "#\(index + 1)"
    default: throw ExcalidrawError("element \(index + 1): \"id\" is not a string")
    }
    let name = "\(type) \"\(id)\""
    // Excalidraw gives a missing position and size 0.
    func coordinate(_ key: String, length: Bool) throws(ExcalidrawError) -> Double {
      let number: Double
      switch value[last: key] {
      case .number(let given)?: number = given
      case nil, .null?: return 0
      default: throw ExcalidrawError("\(name): \"\(key)\" is not a number")
      }
      guard number.isFinite, !length || number >= 0 else {
        throw ExcalidrawError("\(name): \"\(key)\" is out of range: \(ShortNumber(number))")
      }
      return number
    }
    x = try coordinate("x", length: false)
    y = try coordinate("y", length: false)
    width = try coordinate("width", length: true)
    height = try coordinate("height", length: true)
    box = try Self.box(
      of: value, name: name, type: type, x: x, y: y, width: width, height: height)
  }

  /// The box an element covers: the box around `x` and `y` plus each of its points for a
  /// linear type with enough points (two, one for `freedraw`), as Excalidraw's bounds are;
  /// else `x`…`x + width` by `y`…`y + height`.
  private static func box(
    of value: JSONValue, name: String, type: String, x: Double, y: Double, width: Double,
    height: Double
  ) throws(ExcalidrawError) -> (left: Double, top: Double, right: Double, bottom: Double) {
    let whole = (x, y, x + width, y + height)
    guard linearTypes.contains(type) else { return whole }
    let points: [JSONValue]
    switch value[last: "points"] {
    case .array(let members)?: points = members
    case nil, .null?: return whole
    default: throw ExcalidrawError("\(name): \"points\" is not an array")
    }
    var box = (
      left: Double.infinity, top: Double.infinity, right: -Double.infinity,
      bottom: -Double.infinity
    )
    for (index, point) in points.enumerated() {
      guard case .array(let pair) = point, pair.count == 2, case .number(let dx) = pair[0],
        case .number(let dy) = pair[1], dx.isFinite, dy.isFinite
      else {
        throw ExcalidrawError(
          "\(name): point \(index + 1) of \"points\" is not a pair of finite numbers [x, y]")
      }
      box.left = min(box.left, x + dx)
      box.top = min(box.top, y + dy)
      box.right = max(box.right, x + dx)
      box.bottom = max(box.bottom, y + dy)
    }
    return points.count >= (type == "freedraw" ? 1 : 2) ? box : whole
  }

  /// A string member; missing, null or empty (JavaScript's `||`, as Excalidraw's `restore`
  /// reads every string drawdoc reads) gives `fallback`.
  func string(_ key: String, default fallback: String) throws(ExcalidrawError) -> String {
    switch value[last: key] {
    case .string(let text)?: return text.isEmpty ? fallback : text
    case nil, .null?: return fallback
    default: throw ExcalidrawError("\(name): \"\(key)\" is not a string")
    }
  }

  func number(_ key: String, default fallback: Double) throws(ExcalidrawError) -> Double {
    switch value[last: key] {
    case .number(let number)?:
      guard number.isFinite else { throw ExcalidrawError("\(name): \"\(key)\" is not finite") }
      return number
    case nil, .null?: return fallback
    default: throw ExcalidrawError("\(name): \"\(key)\" is not a number")
    }
  }

  /// The rectangle drawdoc keeps of the element, if any, and the one message that says what
  /// was lost (empty when nothing was).
  func rectangle() throws(ExcalidrawError) -> (ParsedRectangle?, String) {
    guard type == "rectangle" else {
      return (nil, "\(name) skipped: drawdoc keeps only rectangles")
    }
    let background = try string("backgroundColor", default: ExcalidrawDefaults.backgroundColor)
    let opacity = try number("opacity", default: ExcalidrawDefaults.opacity)
    guard (0...100).contains(opacity) else {
      throw ExcalidrawError("\(name): \"opacity\" \(ShortNumber(opacity)) is not in 0…100")
    }
    let parsedColor = CSSColor.parse(background)
    guard case .color(let color, let colorOpacity)? = parsedColor else {
      if parsedColor == .transparent || parsedColor == CSSColorValue.none {
        return (nil, "\(name) skipped: its background is transparent")
      }
      return (nil, "\(name) skipped: its background \"\(background)\" is not a color drawdoc reads")
    }
    let effective = opacity * colorOpacity
    guard effective > 0 else { return (nil, "\(name) skipped: its opacity is 0") }
    guard width > 0, height > 0 else { return (nil, "\(name) skipped: it is empty") }
    var losses: [String] = []
    let fill = try string("fillStyle", default: ExcalidrawDefaults.fillStyle)
    if fill != "solid" { losses.append("its \(fill) fill drawn solid") }
    let level = min(10, max(1, Int((effective / 10).rounded())))
    if Double(level * 10) != effective {
      losses.append("opacity \(ShortNumber(effective)) rounded to alpha \(level)")
    }
    // Excalidraw's defaults: a black stroke 2 wide (a width of 0 too, its `||`), roughness 1.
    let stroke = try string("strokeColor", default: ExcalidrawDefaults.strokeColor)
    var strokeWidth = try number("strokeWidth", default: ExcalidrawDefaults.strokeWidth)
    if strokeWidth == 0 { strokeWidth = ExcalidrawDefaults.strokeWidth }
    let strokeValue = CSSColor.parse(stroke)
    if strokeWidth > 0, strokeValue != .transparent, strokeValue != CSSColorValue.none {
      losses.append("its stroke dropped")
    }
    let roughness = try number("roughness", default: ExcalidrawDefaults.roughness)
    if roughness > 0 {
      losses.append("its hand-drawn edges (roughness \(ShortNumber(roughness))) drawn straight")
    }
    // `roundness` as JavaScript tests it; without one, the old `strokeSharpness: "round"`.
    if value[last: "roundness"]?.isTruthy == true
      || value[last: "strokeSharpness"] == .string("round")
    {
      losses.append("its rounded corners drawn square")
    }
    let angle = try number("angle", default: 0)
    if angle != 0 { losses.append("its rotation (angle \(ShortNumber(angle))) dropped") }
    if case .array(let bound)? = value[last: "boundElements"],
      bound.contains(where: { $0[last: "type"] == .string("text") })
    {
      losses.append("its bound text skipped")
    }
    let alpha: Alpha
    do { alpha = try Alpha(level: level) } catch { fatalError("level \(level) is in 1…10") }
    let rectangle = ParsedRectangle(
      x: x, y: y, size: Size(trustedWidth: width, height: height), color: color, alpha: alpha)
    return (rectangle, losses.isEmpty ? "" : "\(name): " + losses.joined(separator: "; "))
  }
}

/// What an element gives a rectangle, before the move to the origin and the id.
struct ParsedRectangle {
  let x: Double
  let y: Double
  let size: Size
  let color: Color
  let alpha: Alpha
}

/// The drawing's own metadata, which drawdoc writes in the scene's `drawdoc` member and in
/// each element's `customData`.
enum DrawdocHeader {
  /// The drawing without rectangles that a `drawdoc` member describes, or `nil` if there is
  /// none.
  ///
  /// - Parameters:
  ///   - value: The member's value.
  ///   - member: How messages name the member.
  /// - Returns: The drawing, or `nil` for a missing or `null` member.
  /// - Throws: ``ExcalidrawError`` for a member that is not a valid header.
  static func read(_ value: JSONValue?, of member: String) throws(ExcalidrawError) -> Drawing? {
    guard let value, value != .null else { return nil }
    guard case .object(let members) = value else {
      throw ExcalidrawError(
        "\(member) is not an object: expected the drawing's header, as drawdoc writes it")
    }
    let form = JSONValue.object(
      members.filter { $0.key != "rectangles" } + [("rectangles", .array([]))])
    do {
      return try DrawingJSON.decode(form.serialized)
    } catch {
      throw ExcalidrawError("\(member): \(error)")
    }
  }
}

/// The values Excalidraw's `restore` gives the fields of an element that a file leaves out
/// (its `DEFAULT_ELEMENT_PROPS`): what Excalidraw draws, and so what the warnings speak of.
enum ExcalidrawDefaults {
  /// No fill.
  static let backgroundColor = "transparent"
  /// A solid fill.
  static let fillStyle = "solid"
  /// Its palette's black.
  static let strokeColor = "#1e1e1e"
  /// The medium width, also for a width of 0.
  static let strokeWidth = 2.0
  /// The "artist" hand-drawn look.
  static let roughness = 1.0
  /// Opaque.
  static let opacity = 100.0
}

extension JSONValue {
  /// Whether JavaScript takes the value for true: anything but `null`, `false`, 0 and the
  /// empty string (every array and object is true).
  var isTruthy: Bool {
    switch self {
    case .null: return false
    case .bool(let value): return value
    case .number(let value): return value != 0 && !value.isNaN
    case .string(let value): return !value.isEmpty
    case .array, .object: return true
    }
  }

  /// The value of an object's member, the last one when the name repeats (as JavaScript's
  /// `JSON.parse`, which Excalidraw uses, reads it); `nil` for a missing member or a non-object.
  subscript(last key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }
}

import DrawdocJSON
import DrawdocModel
import DrawdocSVG

/// One member of a scene's `elements`, with the fields drawdoc reads checked for their types.
struct SceneElement {
  let value: JSONValue
  let index: Int
  let id: String
  let type: String
  let isDeleted: Bool
  let x: Double
  let y: Double
  let width: Double
  let height: Double

  /// How messages name the element: its type and id.
  var name: String { "\(type) \"\(id)\"" }

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
    switch value[last: "isDeleted"] {
    case .bool(let deleted)?: isDeleted = deleted
    case nil, .null?: isDeleted = false
    default: throw ExcalidrawError("element \(index + 1): \"isDeleted\" is not true or false")
    }
    let name = "\(type) \"\(id)\""
    func coordinate(_ key: String, length: Bool) throws(ExcalidrawError) -> Double {
      guard case .number(let number)? = value[last: key] else {
        throw ExcalidrawError("\(name): \"\(key)\" is not a number")
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
  }

  func string(_ key: String, default fallback: String) throws(ExcalidrawError) -> String {
    switch value[last: key] {
    case .string(let text)?: return text
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
    let background = try string("backgroundColor", default: "transparent")
    let opacity = try number("opacity", default: 100)
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
    let fill = try string("fillStyle", default: "solid")
    if fill != "solid" { losses.append("its \(fill) fill drawn solid") }
    let level = min(10, max(1, Int((effective / 10).rounded())))
    if Double(level * 10) != effective {
      losses.append("opacity \(ShortNumber(effective)) rounded to alpha \(level)")
    }
    let stroke = try string("strokeColor", default: "transparent")
    let strokeWidth = try number("strokeWidth", default: 0)
    let strokeValue = CSSColor.parse(stroke)
    if strokeWidth > 0, strokeValue != .transparent, strokeValue != CSSColorValue.none {
      losses.append("its stroke dropped")
    }
    let roughness = try number("roughness", default: 0)
    if roughness > 0 {
      losses.append("its hand-drawn edges (roughness \(ShortNumber(roughness))) drawn straight")
    }
    if let roundness = value[last: "roundness"], roundness != .null {
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

/// The drawing's own metadata, which drawdoc writes in the scene's `drawdoc` member.
enum DrawdocHeader {
  /// The drawing without rectangles that a `drawdoc` member describes, or `nil` if there is
  /// none.
  static func read(_ value: JSONValue?) throws(ExcalidrawError) -> Drawing? {
    guard let value, value != .null else { return nil }
    guard case .object(let members) = value else {
      throw ExcalidrawError("the scene's \"drawdoc\" member is not an object")
    }
    let form = JSONValue.object(
      members.filter { $0.key != "rectangles" } + [("rectangles", .array([]))])
    do {
      return try DrawingJSON.decode(form.serialized)
    } catch {
      throw ExcalidrawError("the scene's \"drawdoc\" member: \(error)")
    }
  }
}

extension JSONValue {
  /// The value of an object's member, the last one when the name repeats (as JavaScript's
  /// `JSON.parse`, which Excalidraw uses, reads it); `nil` for a missing member or a non-object.
  subscript(last key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }
}

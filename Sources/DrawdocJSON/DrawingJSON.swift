import DrawdocModel

/// The JSON form of a drawing (docs/format.md), written by `open --json`,
/// `export --format json` and `convert … out.json`, and read by `convert in.json …`. Its
/// schema is `Schema/drawdoc.schema.json`.
public enum DrawingJSON {
  /// Writes a drawing's JSON form: the members in the order docs/format.md gives, one
  /// rectangle per line, numbers in the same shortest form as the SVG writer, and a final
  /// newline.
  ///
  /// - Parameter drawing: The drawing.
  /// - Returns: UTF-8 JSON text.
  public static func encode(_ drawing: Drawing) -> [UInt8] {
    text(of: drawing)
  }

  /// Writes a drawing's JSON form a piece at a time, as ``encode(_:)`` writes it whole: a big
  /// drawing goes to a file or a pipe without ever holding all of its text.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - pieceSize: About how many bytes each piece holds; the last one may hold fewer.
  ///   - emit: Receives the bytes of ``encode(_:)``, in order, one piece per call; each piece
  ///     is valid only during its call.
  /// - Throws: Whatever `emit` throws; writing stops there.
  public static func encode<Failure: Error>(
    _ drawing: Drawing, pieceSize: Int = 1 << 20,
    emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try write(drawing, pieceSize: pieceSize, to: emit)
  }

  /// The members of the top-level object before `rectangles`.
  ///
  /// - Parameter drawing: The drawing.
  /// - Returns: An object of `format`, `version`, `id`, `title`, `width`, `height`, `created`
  ///   and `modified`.
  package static func header(of drawing: Drawing) -> JSONValue {
    let plane = drawing.plane
    return .object([
      ("format", .string("drawdoc")), ("version", .number(1)),
      ("id", .string(drawing.id.description)), ("title", .string(plane.title)),
      ("width", .number(plane.size.width)), ("height", .number(plane.size.height)),
      ("created", .string(drawing.created.description)),
      ("modified", .string(drawing.modified.description)),
    ])
  }
  /// The JSON object of one rectangle, as in the `rectangles` array.
  ///
  /// - Parameter rectangle: The rectangle.
  /// - Returns: Its members `id x y width height color alpha`.
  package static func object(for rectangle: Rectangle) -> JSONValue {
    .object([
      ("id", .string(rectangle.id.description)),
      ("x", .number(rectangle.point.x)), ("y", .number(rectangle.point.y)),
      ("width", .number(rectangle.size.width)), ("height", .number(rectangle.size.height)),
      ("color", .string(rectangle.color.hex)), ("alpha", .number(Double(rectangle.alpha.level))),
    ])
  }

  /// Reads a drawing's JSON form.
  ///
  /// - Parameter bytes: UTF-8 JSON text.
  /// - Returns: The drawing.
  /// - Throws: ``JSONDecodingError``.
  public static func decode(_ bytes: [UInt8]) throws(JSONDecodingError) -> Drawing {
    let root: JSONValue
    do {
      root = try JSONValue.parse(bytes)
    } catch {
      throw .syntax(message: error.message, line: error.line, column: error.column)
    }
    let document = Members(value: root, path: "the document")
    guard case .string("drawdoc") = root["format"], case .number(1) = root["version"] else {
      throw .unsupportedFormat(
        "format \(root["format"].map { String(decoding: $0.serialized, as: UTF8.self) } ?? "missing")"
      )
    }
    let title = try document.string("title")
    let width = try document.number("width")
    let height = try document.number("height")
    let idText = try document.string("id")
    let createdText = try document.string("created")
    let modifiedText = try document.string("modified")
    guard case .array(let items) = try document.member("rectangles") else {
      throw .wrongType(path: "rectangles", expected: "an array")
    }
    let size = try document.model("width") { () throws(ModelError) in
      try Size(width: width, height: height)
    }
    var plane = try document.model("title") { () throws(ModelError) in
      try Plane(size: size, title: title)
    }
    for (index, item) in items.enumerated() {
      let rectangle = Members(value: item, path: "rectangles[\(index)]")
      guard case .object = item else {
        throw .wrongType(path: rectangle.path, expected: "an object")
      }
      try rectangle.addRectangle(to: &plane)
    }
    return Drawing(
      id: try document.model("id") { () throws(ModelError) in try Identifier(idText) },
      created: try document.model("created") { () throws(ModelError) in
        try Timestamp(createdText)
      },
      modified: try document.model("modified") { () throws(ModelError) in
        try Timestamp(modifiedText)
      },
      plane: plane)
  }
}

extension DrawingJSON: RectangleListFormat {
  package static func appendHeader(of drawing: Drawing, to output: inout [UInt8]) {
    header(of: drawing).write(to: &output)
    output.removeLast()  // the closing brace: the rectangles follow
    output.append(literal: #", "rectangles": ["#)
  }

  /// Appends the line of one rectangle: its object as ``object(for:)`` makes it and
  /// `JSONValue` writes it, straight into bytes (an id, a color and numbers never need
  /// escaping).
  package static func appendRectangle(
    _ rectangle: Rectangle, at index: Int, to output: inout [UInt8]
  ) {
    output.append(literal: index == 0 ? "\n  " : ",\n  ")
    output.append(literal: #"{"id": ""#)
    rectangle.id.appendUTF8(to: &output)
    output.append(literal: #"", "#)
    appendGeometry(of: rectangle, to: &output)
    output.append(literal: #", "color": ""#)
    rectangle.color.appendHex(to: &output)
    output.append(literal: #"", "alpha": "#)
    DecimalText.appendInteger(Int(rectangle.alpha.level), to: &output)
    output.append(UInt8(ascii: "}"))
  }

  /// Appends a rectangle's members `"x": X, "y": Y, "width": W, "height": H`, numbers in
  /// their shortest form, as `JSONValue` writes them: the JSON form's and Excalidraw's.
  ///
  /// - Parameters:
  ///   - rectangle: The rectangle.
  ///   - output: The text so far.
  package static func appendGeometry(of rectangle: Rectangle, to output: inout [UInt8]) {
    output.append(literal: #""x": "#)
    ShortestDecimal.append(rectangle.point.x, to: &output)
    output.append(literal: #", "y": "#)
    ShortestDecimal.append(rectangle.point.y, to: &output)
    output.append(literal: #", "width": "#)
    ShortestDecimal.append(rectangle.size.width, to: &output)
    output.append(literal: #", "height": "#)
    ShortestDecimal.append(rectangle.size.height, to: &output)
  }

  package static func appendEnd(of drawing: Drawing, to output: inout [UInt8]) {
    output.append(literal: drawing.plane.isEmpty ? "]}\n" : "\n]}\n")
  }
}

/// Typed access to an object's members, with paths for messages.
private struct Members {
  let value: JSONValue
  let path: String

  func memberPath(_ key: String) -> String {
    path == "the document" ? key : "\(path).\(key)"
  }

  func member(_ key: String) throws(JSONDecodingError) -> JSONValue {
    guard let member = value[key] else { throw .missingMember(path: memberPath(key)) }
    return member
  }

  func string(_ key: String) throws(JSONDecodingError) -> String {
    guard case .string(let text) = try member(key) else {
      throw .wrongType(path: memberPath(key), expected: "a string")
    }
    return text
  }

  func number(_ key: String) throws(JSONDecodingError) -> Double {
    guard case .number(let number) = try member(key) else {
      throw .wrongType(path: memberPath(key), expected: "a number")
    }
    return number
  }

  /// Reads the rectangle this object describes and adds it on top of `plane`.
  func addRectangle(to plane: inout Plane) throws(JSONDecodingError) {
    let idText = try string("id")
    let x = try number("x")
    let y = try number("y")
    let width = try number("width")
    let height = try number("height")
    let colorText = try string("color")
    let level = try number("alpha")
    let id = try model("id") { () throws(ModelError) in try Identifier(idText) }
    let point = try model("x") { () throws(ModelError) in try Point(x: x, y: y) }
    let size = try model("width") { () throws(ModelError) in
      try Size(width: width, height: height)
    }
    let color = try model("color") { () throws(ModelError) in try Color(hex: colorText) }
    guard let whole = Int(exactly: level) else {
      throw .invalidValue(path: memberPath("alpha"), reason: "expected a whole number from 1 to 10")
    }
    let alpha = try model("alpha") { () throws(ModelError) in try Alpha(level: whole) }
    let rectangle = Rectangle(id: id, point: point, size: size, color: color, alpha: alpha)
    try model("id") { () throws(ModelError) in try plane.add(rectangle) }
  }

  /// Runs model code, turning its error into an error about the member `key`, or about the
  /// member the error names (`height` of a size, `y` of a point).
  func model<T>(_ key: String, _ body: () throws(ModelError) -> T) throws(JSONDecodingError) -> T {
    do {
      return try body()
    } catch {
      let member: String
      switch error {
      case .nonFiniteCoordinate(let name, _), .invalidLength(let name, _): member = name
      default: member = key
      }
      throw .invalidValue(path: memberPath(member), reason: error.description)
    }
  }
}

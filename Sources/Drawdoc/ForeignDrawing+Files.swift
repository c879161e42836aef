import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocStore

/// Any file's bytes read as a drawing, by its name and content: the one way in of `drawdoc
/// save`, `drawdoc convert`, `drawdoc validate` and the app's import (`POST /api/import`),
/// whose front ends only bring the bytes, and of the fuzz target, which reads what they read.
extension ForeignDrawing {
  /// Reads any file as a drawing, telling its format by its name and first bytes: a draw.io
  /// file, an Excalidraw scene or an SVG or PNG file carrying one, the JSON form, the drawing a
  /// PNG file carries, or any SVG file in import mode (docs/format.md says what each keeps).
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - name: The file's name, which may tell its format and gives an Excalidraw drawing its
  ///     title; `-` or empty for one without a name.
  ///   - now: The time a drawing without valid times of its own gets.
  ///   - page: The page of a draw.io file to read, from 1; `nil` for the first. Given for a
  ///     file of another format, it is refused.
  /// - Returns: The drawing and what was lost on the way.
  /// - Throws: ``ReadError`` for a file that is no drawing drawdoc can read.
  public static func importDrawing(
    _ bytes: [UInt8], name: String, now: Timestamp, page: Int? = nil
  ) throws(ReadError) -> Import {
    try importDrawing(
      bytes, name: name, now: now, page: page, pngTextLimit: SVGLimits.maximumFileSize)
  }

  /// Whether a file is a draw.io file (plain, or URL-encoded as draw.io's copy puts it on the
  /// clipboard), or draw.io's editable SVG or PNG export that carries one: by its name
  /// (`.drawio`, `.drawio.xml`, `.drawio.svg`, `.drawio.png`) or its first bytes (at most 4096
  /// are looked at).
  ///
  /// - Parameters:
  ///   - name: The file's name, or `-` (or empty) for one without a name.
  ///   - start: Its first bytes.
  /// - Returns: Whether the draw.io reader is the one to read it.
  package static func isDrawIO(name: String, start: some Collection<UInt8>) -> Bool {
    let lowered = name.lowercased()
    if [".drawio", ".drawio.xml", ".drawio.svg", ".drawio.png"].contains(where: {
      lowered.hasSuffix($0)
    }) {
      return true
    }
    let bytes = Array(start.prefix(4096))
    return DrawIOReader.looksLikeDrawIO(bytes) || DrawIOReader.carriesDrawIO(bytes)
      || DrawIOReader.looksLikeEncodedDrawIO(bytes)
  }

  /// Whether an SVG file may carry an Excalidraw scene, by its name (`.excalidraw.svg`) or its
  /// first bytes (Excalidraw writes the payload's comments right after the root's tag).
  ///
  /// - Parameters:
  ///   - name: The file's name.
  ///   - start: Its first 4096 bytes, or all of them.
  /// - Returns: Whether the file is to be read whole, for the scene it may carry.
  package static func mayCarryExcalidrawScene(name: String, start: [UInt8]) -> Bool {
    if name.lowercased().hasSuffix(".excalidraw.svg") { return true }
    return start.contains(utf8: ExcalidrawPayload.mediaType)
  }

  /// Whether bytes are the JSON form (or an Excalidraw scene): by the name's extension (`.json`,
  /// `.excalidraw`) or a first byte other than a blank that is `{`.
  package static func isJSON(_ bytes: [UInt8], name: String) -> Bool {
    let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return hasExtension(name, "json") || hasExtension(name, "excalidraw")
      || firstByte == UInt8(ascii: "{")
  }

  /// Reads any SVG file in import mode (docs/format.md describes it), a draw.io file (`.drawio`,
  /// or text starting with `<mxfile` or `<mxGraphModel`, or with `%3Cmxfile` or
  /// `%3CmxGraphModel` as draw.io copies it) in import mode too, or, for `.json` or text
  /// starting with `{`, the JSON form, or the drawing a PNG file carries (strictly), which
  /// raise no warnings; or an Excalidraw file: a `.excalidraw` scene (or JSON whose `type` is
  /// `excalidraw`, or `excalidraw/clipboard` as Excalidraw copies elements), or the scene an
  /// SVG or PNG exported by Excalidraw carries, which raise warnings for what drawdoc cannot
  /// keep.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - name: The file's name, which may tell its format and gives an Excalidraw drawing its
  ///     title; `-` or empty for one without a name.
  ///   - now: The time a drawing without valid times of its own gets.
  ///   - page: The page of a draw.io file to read, from 1; `nil` for the first. Given for a
  ///     file of another format, it is refused.
  ///   - pngTextLimit: The most bytes the drawing a drawdoc PNG carries may inflate to (the
  ///   public entry takes a drawing file's 4 GiB; the app's import takes the 256 MiB of other
  ///     tools' texts, so that it can weigh an import before its work).
  /// - Returns: The drawing and what was lost on the way.
  /// - Throws: ``ReadError``.
  package static func importDrawing(
    _ bytes: [UInt8], name: String, now: Timestamp, page: Int? = nil, pngTextLimit: Int
  ) throws(ReadError) -> Import {
    // A file without a name is told by its content: draw.io's editable SVG or PNG (drawdoc's
    // too) is read for the draw.io file it carries, not for its picture.
    let named = name != "-" && !name.isEmpty
    if named
      ? isDrawIO(name: name, start: bytes.prefix(4096))
      : DrawIOReader.carriesDrawIO(bytes.prefix(4096))
    {
      return try importDrawIO(bytes, now: now, page: page)
    }
    if let scene = try importExcalidraw(bytes, name: name, now: now) {
      try refuse(page, for: "an Excalidraw scene")
      return scene
    }
    if isJSON(bytes, name: name) || DrawingPNG.isPNG(bytes) {
      try refuse(page, for: DrawingPNG.isPNG(bytes) ? "a PNG file" : "the JSON form")
      return Import(
        drawing: try readDrawing(bytes, name: name, pngTextLimit: pngTextLimit), warnings: [])
    }
    if DrawIOReader.looksLikeDrawIO(bytes) || DrawIOReader.looksLikeEncodedDrawIO(bytes) {
      return try importDrawIO(bytes, now: now, page: page)
    }
    try refuse(page, for: "an SVG file")
    let result: ImportResult
    do {
      result = try SVGImporter.importDrawing(bytes, now: now)
    } catch {
      throw ReadError(error)
    }
    return Import(
      drawing: result.drawing,
      warnings: result.warnings.map { Warning(line: $0.line, message: $0.message) })
  }

  /// Reads an SVG file in import mode a piece at a time, as a drawing in the store is read: a
  /// big file never sits in memory whole. For a file that is neither a PNG, the JSON form, a
  /// draw.io file nor an SVG file carrying an Excalidraw scene; ``importDrawing(_:name:now:page:pngTextLimit:)``
  /// tells them apart.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - now: The time a drawing without valid times of its own gets.
  /// - Returns: The drawing and what was lost on the way.
  /// - Throws: An `SVGDecodingError`: the file cannot be read, or is not SVG.
  package static func importSVG(contentsOfFile path: String, now: Timestamp)
    throws(SVGDecodingError) -> Import
  {
    let result = try SVGImporter.importDrawing(contentsOfFile: path, now: now)
    return Import(
      drawing: result.drawing,
      warnings: result.warnings.map { Warning(line: $0.line, message: $0.message) })
  }

  /// Whether bytes start as a PNG file does (8 bytes are enough to tell).
  package static func isPNG(_ bytes: some Collection<UInt8>) -> Bool {
    DrawingPNG.isPNG(bytes)
  }

  /// The keyword of the PNG text chunk that carries a drawing, as `drawdoc export` writes it.
  package static var pngKeyword: String { DrawingPNG.keyword }

  /// Checks that a file is a drawdoc drawing, read strictly, as `drawdoc validate` does: an SVG
  /// file, or the drawing a PNG file carries.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - canonical: Whether an SVG file must also be exactly as drawdoc writes it.
  /// - Throws: An `SVGDecodingError`, an ``EmbeddedDrawingError`` for the drawing a PNG
  ///   carries, or a `RasterError` for a PNG that carries none.
  package static func validate(_ bytes: [UInt8], canonical: Bool) throws {
    func decode(_ bytes: [UInt8]) throws(SVGDecodingError) {
      _ = canonical ? try SVGDecoder.decodeCanonical(bytes) : try SVGDecoder.decode(bytes)
    }
    guard DrawingPNG.isPNG(bytes) else { return try decode(bytes) }
    let svg = try DrawingPNG.embeddedSVG(in: bytes)
    do {
      try decode(svg)
    } catch {
      throw EmbeddedDrawingError(error: error)
    }
  }

  /// Checks that an SVG file is a drawdoc drawing, read strictly a piece at a time.
  ///
  /// - Throws: An `SVGDecodingError`: the file cannot be read, or is not a drawdoc drawing.
  package static func validate(contentsOfFile path: String) throws(SVGDecodingError) {
    _ = try SVGDecoder.decode(contentsOfFile: path)
  }

  /// Reads a drawdoc SVG file (strict mode), for `.json` or text starting with `{` the JSON
  /// form, or the drawing a PNG file carries.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - name: The file's name (`.json` says the JSON form); `-` or empty for none.
  ///   - pngTextLimit: The most bytes the drawing a PNG carries may inflate to.
  /// - Returns: The drawing.
  /// - Throws: ``ReadError``.
  package static func readDrawing(
    _ bytes: [UInt8], name: String, pngTextLimit: Int = SVGLimits.maximumFileSize
  ) throws(ReadError) -> Drawing {
    if DrawingPNG.isPNG(bytes) {
      let svg: [UInt8]
      do {
        svg = try DrawingPNG.embeddedSVG(in: bytes, atMost: pngTextLimit)
      } catch {
        var isLimit = false
        if case .decompressedTooLarge = error { isLimit = true }
        throw ReadError(
          "\(error)", line: nil, column: nil, isLimit: isLimit, description: " \(error)")
      }
      do {
        return try SVGDecoder.decode(svg)
      } catch {
        let embedded = EmbeddedDrawingError(error: error)
        throw ReadError(
          embedded.message, line: embedded.line, column: embedded.column, isLimit: error.isLimit,
          description: embedded.description)
      }
    }
    if isJSON(bytes, name: name) {
      do {
        return try DrawingJSON.decode(bytes)
      } catch {
        let text = "\(error)"
        if case .syntax(let message, let line, let column) = error {
          throw ReadError(
            "not valid JSON: \(message)", line: line, column: column, description: text)
        }
        throw ReadError(text, line: nil, column: nil, description: " \(text)")
      }
    }
    do {
      return try SVGDecoder.decode(bytes)
    } catch {
      throw ReadError(error)
    }
  }

  /// The title of a drawing read from a file: its name without the directory and without
  /// `.excalidraw`, `.excalidraw.svg`, `.excalidraw.png` or another last extension; empty for
  /// `-` (standard input).
  package static func title(of name: String) -> String {
    guard name != "-" else { return "" }
    var base = Substring(name.split(separator: "/").last ?? "")
    for suffix in [".excalidraw.svg", ".excalidraw.png"] where base.lowercased().hasSuffix(suffix) {
      return String(base.dropLast(suffix.count))
    }
    if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
    return String(base)
  }

  /// Refuses a page number for a file that is not a draw.io file: it holds one drawing.
  private static func refuse(_ page: Int?, for kind: String) throws(ReadError) {
    guard let page else { return }
    let message =
      "the file is \(kind), which holds one drawing, but page \(page) was asked for: pages "
      + "are a draw.io file's; leave --page out"
    throw ReadError(message, line: nil, column: nil, description: " \(message)")
  }

  private static func importDrawIO(_ bytes: [UInt8], now: Timestamp, page: Int?)
    throws(ReadError) -> Import
  {
    do {
      let result = try DrawIOReader.importDrawing(bytes, page: page, now: now)
      return Import(
        drawing: result.drawing,
        warnings: result.warnings.map { Warning(line: $0.line, message: $0.message) })
    } catch {
      throw ReadError(
        error.message, line: error.line, column: error.column, isLimit: error.isLimit,
        description: error.description)
    }
  }

  /// Reads an Excalidraw file: a scene (or library, refused), or an SVG or PNG file that
  /// carries a scene; `nil` if the file is not Excalidraw's.
  private static func importExcalidraw(_ bytes: [UInt8], name: String, now: Timestamp)
    throws(ReadError) -> Import?
  {
    let title = self.title(of: name)
    let result: ExcalidrawImport?
    do {
      if DrawingPNG.isPNG(bytes) {
        result = try ExcalidrawPayload.read(png: bytes, title: title, now: now)
      } else if isJSON(bytes, name: name) {
        if hasExtension(name, "excalidraw") {
          result = try ExcalidrawReader.read(bytes, title: title, now: now)
        } else if bytes.contains(utf8: "\"excalidraw") {
          result = try ExcalidrawReader.readIfScene(bytes, title: title, now: now)
        } else {
          result = nil
        }
      } else {
        result = try ExcalidrawPayload.read(svg: bytes, title: title, now: now)
      }
    } catch {
      throw ReadError(
        error.message, line: error.line, column: error.column, isLimit: error.isLimit,
        description: error.description)
    }
    return result.map { scene in
      Import(
        drawing: scene.drawing,
        warnings: scene.warnings.map { Warning(line: $0.line, message: $0.message) })
    }
  }

  /// Whether a name's last extension is `ext` (in any case).
  private static func hasExtension(_ name: String, _ ext: String) -> Bool {
    guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return false }
    return name[name.index(after: dot)...].lowercased() == ext
  }
}

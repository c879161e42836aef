import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocStore

/// One thing an import lost: the line of the file it concerns and what was lost. The command
/// line prints it as `FILE:LINE: warning: MESSAGE`; the app answers it as `{"line", "message"}`.
package struct ForeignWarning: Equatable, Sendable {
  /// The line it concerns.
  package let line: Int
  /// What was lost.
  package let message: String

  /// Makes a warning.
  package init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}

/// A drawing read from a file's bytes in import mode, and what was lost on the way.
package struct ForeignImport: Sendable {
  /// The drawing.
  package let drawing: Drawing
  /// What was lost, in the file's order.
  package let warnings: [ForeignWarning]
}

/// A file's bytes that are not a drawing drawdoc can read.
package struct ForeignFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, without the location.
  package let message: String
  /// The 1-based line of the problem, when it is known.
  package let line: Int?
  /// The 1-based column of the problem, when it is known.
  package let column: Int?
  /// Whether the file is past one of the import's limits rather than wrong: those of
  /// ``SVGLimits`` (for draw.io files too), and of the draw.io and Excalidraw readers (a
  /// decompression bomb, JSON nested too deeply). The app answers 413 rather than 400.
  package let isLimit: Bool
  /// What follows the file's name and a colon on the command line: `LINE:COL: MESSAGE`, or
  /// ` MESSAGE` without a location.
  package let description: String

  init(_ message: String, line: Int?, column: Int?, isLimit: Bool = false, description: String) {
    self.message = message
    self.line = line
    self.column = column
    self.isLimit = isLimit
    self.description = description
  }

  init(_ error: SVGDecodingError) {
    self.init(
      error.message, line: error.line ?? 1, column: error.column ?? 1, isLimit: error.isLimit,
      description: "\(error.line ?? 1):\(error.column ?? 1): \(error.message)")
  }
}

/// A content error in the drawing a PNG file carries: its line and column are those of the
/// embedded SVG file.
package struct EmbeddedDrawingError: Error, CustomStringConvertible {
  /// What the strict reader said about the embedded SVG file.
  package let error: SVGDecodingError

  /// Wraps the strict reader's error.
  package init(error: SVGDecodingError) { self.error = error }

  /// The line of the problem in the embedded SVG file.
  package var line: Int { error.line ?? 1 }
  /// The column of the problem in the embedded SVG file.
  package var column: Int { error.column ?? 1 }
  /// What is wrong, and where the SVG file was.
  package var message: String { "\(error.message) (in the drawing embedded in the PNG)" }

  /// `LINE:COL: MESSAGE (in the drawing embedded in the PNG)`.
  package var description: String { "\(line):\(column): \(message)" }
}

/// Any file's bytes read as a drawing, the use case of `drawdoc save`, `drawdoc convert` and the
/// app's import (`POST /api/import`): the command line and the server only bring the bytes.
package enum ForeignFile {
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
  ///   - pngTextLimit: The most bytes the drawing a drawdoc PNG carries may inflate to (by
  ///     default a drawing file's 4 GiB; the app's import takes the 256 MiB of other tools'
  ///     texts, so that it can weigh an import before its work).
  /// - Returns: The drawing and what was lost on the way.
  /// - Throws: ``ForeignFileError``.
  package static func importDrawing(
    _ bytes: [UInt8], name: String, now: Timestamp, page: Int? = nil,
    pngTextLimit: Int = SVGLimits.maximumFileSize
  ) throws(ForeignFileError) -> ForeignImport {
    if name != "-", !name.isEmpty, isDrawIO(name: name, start: bytes.prefix(4096)) {
      return try importDrawIO(bytes, now: now, page: page)
    }
    if let scene = try importExcalidraw(bytes, name: name, now: now) {
      try refuse(page, for: "an Excalidraw scene")
      return scene
    }
    if isJSON(bytes, name: name) || DrawingPNG.isPNG(bytes) {
      try refuse(page, for: DrawingPNG.isPNG(bytes) ? "a PNG file" : "the JSON form")
      return ForeignImport(
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
      throw ForeignFileError(error)
    }
    return ForeignImport(
      drawing: result.drawing,
      warnings: result.warnings.map { ForeignWarning(line: $0.line, message: $0.message) })
  }

  /// Reads a drawdoc SVG file (strict mode), for `.json` or text starting with `{` the JSON
  /// form, or the drawing a PNG file carries.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - name: The file's name (`.json` says the JSON form); `-` or empty for none.
  ///   - pngTextLimit: The most bytes the drawing a PNG carries may inflate to.
  /// - Returns: The drawing.
  /// - Throws: ``ForeignFileError``.
  package static func readDrawing(
    _ bytes: [UInt8], name: String, pngTextLimit: Int = SVGLimits.maximumFileSize
  ) throws(ForeignFileError) -> Drawing {
    if DrawingPNG.isPNG(bytes) {
      let svg: [UInt8]
      do {
        svg = try DrawingPNG.embeddedSVG(in: bytes, atMost: pngTextLimit)
      } catch {
        var isLimit = false
        if case .decompressedTooLarge = error { isLimit = true }
        throw ForeignFileError(
          "\(error)", line: nil, column: nil, isLimit: isLimit, description: " \(error)")
      }
      do {
        return try SVGDecoder.decode(svg)
      } catch {
        let embedded = EmbeddedDrawingError(error: error)
        throw ForeignFileError(
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
          throw ForeignFileError(
            "not valid JSON: \(message)", line: line, column: column, description: text)
        }
        throw ForeignFileError(text, line: nil, column: nil, description: " \(text)")
      }
    }
    do {
      return try SVGDecoder.decode(bytes)
    } catch {
      throw ForeignFileError(error)
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
  private static func refuse(_ page: Int?, for kind: String) throws(ForeignFileError) {
    guard let page else { return }
    let message =
      "the file is \(kind), which holds one drawing, but page \(page) was asked for: pages "
      + "are a draw.io file's; leave --page out"
    throw ForeignFileError(message, line: nil, column: nil, description: " \(message)")
  }

  private static func importDrawIO(_ bytes: [UInt8], now: Timestamp, page: Int?)
    throws(ForeignFileError) -> ForeignImport
  {
    do {
      let result = try DrawIOReader.importDrawing(bytes, page: page, now: now)
      return ForeignImport(
        drawing: result.drawing,
        warnings: result.warnings.map { ForeignWarning(line: $0.line, message: $0.message) })
    } catch {
      throw ForeignFileError(
        error.message, line: error.line, column: error.column, isLimit: error.isLimit,
        description: error.description)
    }
  }

  /// Reads an Excalidraw file: a scene (or library, refused), or an SVG or PNG file that
  /// carries a scene; `nil` if the file is not Excalidraw's.
  private static func importExcalidraw(_ bytes: [UInt8], name: String, now: Timestamp)
    throws(ForeignFileError) -> ForeignImport?
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
      throw ForeignFileError(
        error.message, line: error.line, column: error.column, isLimit: error.isLimit,
        description: error.description)
    }
    return result.map { scene in
      ForeignImport(
        drawing: scene.drawing,
        warnings: scene.warnings.map { ForeignWarning(line: $0.line, message: $0.message) })
    }
  }

  /// Whether a name's last extension is `ext` (in any case).
  private static func hasExtension(_ name: String, _ ext: String) -> Bool {
    guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return false }
    return name[name.index(after: dot)...].lowercased() == ext
  }
}

import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocStore

/// A file's content is not a drawing: the path and what the reader said; exits with 65.
struct FileContentError: Error, CustomStringConvertible {
  /// The file, as the user named it.
  let path: String
  /// The reader's error, which starts with `LINE:COL:` when it has a location.
  let reason: String

  var description: String { "\(path):\(reason)" }
}

/// A content error in the drawing a PNG file carries: its line and column are those of the
/// embedded SVG file.
struct EmbeddedDrawingError: Error, CustomStringConvertible {
  /// What the strict reader said about the embedded SVG file.
  let error: SVGDecodingError

  /// The line of the problem in the embedded SVG file.
  var line: Int { error.line ?? 1 }
  /// The column of the problem in the embedded SVG file.
  var column: Int { error.column ?? 1 }
  /// What is wrong, and where the SVG file was.
  var message: String { "\(error.message) (in the drawing embedded in the PNG)" }

  /// `LINE:COL: MESSAGE (in the drawing embedded in the PNG)`.
  var description: String { "\(line):\(column): \(message)" }
}

/// The formats drawdoc reads and writes, named by `--format` or a file's extension.
enum FileFormat: String, CaseIterable {
  case svg, png, json, pdf, drawio, excalidraw

  /// The same format, for the library's exports; `nil` for PDF, which `DrawdocPDF` writes,
  /// and draw.io and Excalidraw, which their modules write (`DrawingExport.Format` stays as
  /// it was released).
  var exportFormat: DrawingExport.Format? {
    switch self {
    case .svg: return .svg
    case .png: return .png
    case .json: return .json
    case .pdf, .drawio, .excalidraw: return nil
    }
  }

  /// Whether the format is binary, which is not written to a terminal.
  var isBinary: Bool { self == .png || self == .pdf }

  /// The format a file name's extension names, if any.
  init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: path[path.index(after: dot)...].lowercased())
  }
}

/// Reads drawings from files given on the command line.
enum DrawingFile {
  /// `--page N`: which page of a draw.io file `convert` and `save` read.
  static let pageOption = OptionSpecification.value(
    "page", placeholder: "N", help: "draw.io files only: read page N (default 1).")

  /// The page `--page` names, from 1, or `nil` when it is not given.
  static func page(_ arguments: ParsedArguments, command: String) throws(CommandLineError) -> Int? {
    guard let text = arguments.value("page") else { return nil }
    guard let page = Int(text), page >= 1 else {
      throw .invalidValue(
        command: command, option: "page", value: text, expected: "a page number from 1")
    }
    return page
  }

  /// Reads any SVG file in import mode (docs/format.md describes it), a draw.io file (`.drawio`,
  /// or text starting with `<mxfile` or `<mxGraphModel`) in import mode too, or, for `.json` or
  /// text starting with `{`, the JSON form, or the drawing a PNG file carries (strictly), which
  /// raise no warnings; or an Excalidraw file: a `.excalidraw` scene (or JSON whose `type` is
  /// `excalidraw`), or the scene an SVG or PNG exported by Excalidraw carries, which raise
  /// warnings for what drawdoc cannot keep.
  ///
  /// - Parameters:
  ///   - path: The file, or `-` for standard input.
  ///   - now: The time a drawing without valid times of its own gets.
  ///   - page: The page of a draw.io file to read, from 1; `nil` for the first.
  /// - Returns: The drawing and what was lost on the way.
  /// - Throws: ``InputFileError`` or ``FileContentError``.
  static func importDrawing(_ path: String, now: Timestamp, page: Int? = nil) throws
    -> ImportedFile
  {
    if path != "-", try isDrawIO(path) {
      return try importDrawIO(path, try InputFile.read(path), now: now, page: page)
    }
    // An SVG file is read a piece at a time; standard input, a PNG and the JSON form whole.
    // An SVG file Excalidraw exported is read whole, for the scene it carries.
    if path != "-", try isSVG(path), try !ExcalidrawFile.mayCarryScene(path) {
      do {
        return ImportedFile(try SVGImporter.importDrawing(contentsOfFile: path, now: now))
      } catch .fileNotFound {
        throw InputFileError.notFound(path: path)
      } catch .unreadableFile(_, let reason) {
        throw InputFileError.unreadable(path: path, reason: reason)
      } catch {
        throw FileContentError(
          path: path, reason: "\(error.line ?? 1):\(error.column ?? 1): \(error.message)")
      }
    }
    let bytes = try InputFile.read(path)
    if let scene = try ExcalidrawFile.importDrawing(path, bytes, now: now) { return scene }
    if isJSON(bytes, path: path) || DrawingPNG.isPNG(bytes) {
      return ImportedFile(drawing: try read(path, bytes), warnings: [])
    }
    if DrawIOReader.looksLikeDrawIO(bytes) {
      return try importDrawIO(path, bytes, now: now, page: page)
    }
    do {
      return ImportedFile(try SVGImporter.importDrawing(bytes, now: now))
    } catch {
      throw FileContentError(
        path: path, reason: "\(error.line ?? 1):\(error.column ?? 1): \(error.message)")
    }
  }

  private static func importDrawIO(_ path: String, _ bytes: [UInt8], now: Timestamp, page: Int?)
    throws(FileContentError) -> ImportedFile
  {
    do {
      let result = try DrawIOReader.importDrawing(bytes, page: page, now: now)
      return ImportedFile(
        drawing: result.drawing,
        warnings: result.warnings.map { FileWarning(line: $0.line, message: $0.message) })
    } catch {
      throw FileContentError(path: path, reason: error.description)
    }
  }

  /// Whether a file is a draw.io file: by its extension (`.drawio`, `.drawio.xml`, and the
  /// editable exports `.drawio.svg`, `.drawio.png`) or its first bytes (an SVG or PNG file
  /// carrying a draw.io file too, which is read rather than the picture).
  private static func isDrawIO(_ path: String) throws(InputFileError) -> Bool {
    let lowered = path.lowercased()
    if [".drawio", ".drawio.xml", ".drawio.svg", ".drawio.png"].contains(where: {
      lowered.hasSuffix($0)
    }) {
      return true
    }
    let start = try InputFile.read(path, atMost: 4096)
    return DrawIOReader.looksLikeDrawIO(start) || DrawIOReader.carriesDrawIO(start)
  }

  /// Whether a file is neither the JSON form nor a PNG, by its name and its first bytes; a
  /// file that starts with more blanks than are looked at is read whole to tell.
  private static func isSVG(_ path: String) throws(InputFileError) -> Bool {
    let start = try InputFile.read(path, atMost: 4096)
    let blanks = start.prefix { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.count
    return !isJSON(start, path: path) && !DrawingPNG.isPNG(start)
      && (blanks < start.count || start.count < 4096)
  }

  /// Writes each warning as one line, `FILE:LINE: warning: MESSAGE`.
  ///
  /// - Parameters:
  ///   - warnings: The warnings of one file.
  ///   - path: The file as the user named it (`-` for standard input).
  ///   - sink: Standard error.
  static func report(_ warnings: [FileWarning], of path: String, to sink: some OutputSink) {
    for warning in warnings {
      sink.writeLine("\(path):\(warning.line): warning: \(warning.message)")
    }
  }

  /// Reads a drawdoc SVG file (strict mode), for `.json` or text starting with `{` the JSON
  /// form, or the drawing a PNG file carries.
  ///
  /// - Parameter path: The file, or `-` for standard input.
  /// - Returns: The drawing.
  /// - Throws: ``InputFileError`` or ``FileContentError``.
  static func read(_ path: String) throws -> Drawing {
    try read(path, try InputFile.read(path))
  }

  static func isJSON(_ bytes: [UInt8], path: String) -> Bool {
    let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return FileFormat(path: path) == .json || FileFormat(path: path) == .excalidraw
      || firstByte == UInt8(ascii: "{")
  }

  /// The SVG file a PNG file carries.
  ///
  /// - Parameters:
  ///   - path: The file, as the user named it.
  ///   - bytes: Its bytes, which start with the PNG signature.
  /// - Returns: The bytes of the embedded SVG file.
  /// - Throws: ``FileContentError`` for a damaged PNG or one without a drawing.
  static func embeddedSVG(_ path: String, _ bytes: [UInt8]) throws(FileContentError) -> [UInt8] {
    do {
      return try DrawingPNG.embeddedSVG(in: bytes)
    } catch {
      throw FileContentError(path: path, reason: " \(error)")
    }
  }

  /// Reads a drawing from a file's bytes, as ``read(_:)`` does.
  ///
  /// - Parameters:
  ///   - path: The file, as the user named it.
  ///   - bytes: Its bytes.
  /// - Returns: The drawing.
  /// - Throws: ``FileContentError``.
  static func read(_ path: String, _ bytes: [UInt8]) throws -> Drawing {
    if DrawingPNG.isPNG(bytes) {
      let svg = try embeddedSVG(path, bytes)
      do {
        return try SVGDecoder.decode(svg)
      } catch {
        throw FileContentError(path: path, reason: EmbeddedDrawingError(error: error).description)
      }
    }
    do {
      if isJSON(bytes, path: path) { return try DrawingJSON.decode(bytes) }
      return try SVGDecoder.decode(bytes)
    } catch let error as SVGDecodingError {
      throw FileContentError(
        path: path, reason: "\(error.line ?? 1):\(error.column ?? 1): \(error.message)")
    } catch let error as JSONDecodingError {
      let text = "\(error)"
      throw FileContentError(path: path, reason: text.first?.isNumber == true ? text : " \(text)")
    }
  }
}

import DrawdocEditing
import DrawdocModel

/// A file's content is not a drawing: the path and what the reader said; exits with 65.
struct FileContentError: Error, CustomStringConvertible {
  /// The file, as the user named it.
  let path: String
  /// The reader's error, which starts with `LINE:COL:` when it has a location.
  let reason: String

  var description: String { "\(path):\(reason)" }
}

/// Reads drawings from files given on the command line.
enum DrawingFile {
  /// `--page N`: which page of a draw.io file `convert` and `save` read.
  static let pageOption = OptionSpecification.value(
    "page", placeholder: "N",
    help: "draw.io files only (others refuse it): read page N (default 1).")

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
  /// or text starting with `<mxfile` or `<mxGraphModel`, or with `%3Cmxfile` or
  /// `%3CmxGraphModel` as draw.io copies it) in import mode too, or, for `.json` or text
  /// starting with `{`, the JSON form, or the drawing a PNG file carries (strictly), which
  /// raise no warnings; or an Excalidraw file: a `.excalidraw` scene (or JSON whose `type` is
  /// `excalidraw`, or `excalidraw/clipboard` as Excalidraw copies elements), or the scene an
  /// SVG or PNG exported by Excalidraw carries, which raise warnings for what drawdoc cannot
  /// keep.
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
    // An SVG file is read a piece at a time; standard input, a PNG, the JSON form, a draw.io
    // file and an SVG file Excalidraw exported (for the scene it carries) whole.
    // With --page, read whole: ForeignDrawing refuses a page for anything but draw.io.
    if path != "-", page == nil, try isPlainSVG(path) {
      do {
        return ImportedFile(try ForeignDrawing.importSVG(contentsOfFile: path, now: now))
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
    do {
      return ImportedFile(try ForeignDrawing.importDrawing(bytes, name: path, now: now, page: page))
    } catch {
      throw FileContentError(path: path, reason: error.description)
    }
  }

  /// Whether a file is an SVG file to read a piece at a time, by its name and its first 4096
  /// bytes, read once: neither the JSON form nor a PNG, not a draw.io file or an SVG or PNG
  /// carrying one (`.drawio`, `.drawio.xml`, `.drawio.svg`, `.drawio.png`, or by content),
  /// and not an SVG file carrying an Excalidraw scene. A file that starts with more blanks
  /// than are looked at is read whole to tell.
  private static func isPlainSVG(_ path: String) throws(InputFileError) -> Bool {
    let start = try InputFile.read(path, atMost: 4096)
    let blanks = start.prefix { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.count
    return !isJSON(start, path: path) && !ForeignDrawing.isPNG(start)
      && (blanks < start.count || start.count < 4096)
      && !ForeignDrawing.isDrawIO(name: path, start: start)
      && !ForeignDrawing.mayCarryExcalidrawScene(name: path, start: start)
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
    ForeignDrawing.isJSON(bytes, name: path)
  }

  /// Reads a drawing from a file's bytes, as ``read(_:)`` does.
  ///
  /// - Parameters:
  ///   - path: The file, as the user named it.
  ///   - bytes: Its bytes.
  /// - Returns: The drawing.
  /// - Throws: ``FileContentError``.
  static func read(_ path: String, _ bytes: [UInt8]) throws -> Drawing {
    do {
      return try ForeignDrawing.readDrawing(bytes, name: path)
    } catch {
      throw FileContentError(path: path, reason: error.description)
    }
  }
}

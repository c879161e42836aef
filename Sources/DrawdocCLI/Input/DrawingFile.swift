import DrawdocModel
import DrawdocSVG

/// A file's content is not a drawing: the path and what the reader said; exits with 65.
struct FileContentError: Error, CustomStringConvertible {
  /// The file, as the user named it.
  let path: String
  /// The reader's error, which starts with `LINE:COL:` when it has a location.
  let reason: String

  var description: String { "\(path):\(reason)" }
}

/// The formats drawdoc reads and writes, named by `--format` or a file's extension.
enum FileFormat: String, CaseIterable {
  case svg, png, json

  /// The format a file name's extension names, if any.
  init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: path[path.index(after: dot)...].lowercased())
  }
}

/// Reads drawings from files given on the command line.
enum DrawingFile {
  /// Reads a drawdoc SVG file (strict mode) or, for `.json` or text starting with `{`, the JSON
  /// form.
  ///
  /// - Parameter path: The file, or `-` for standard input.
  /// - Returns: The drawing.
  /// - Throws: ``InputFileError`` or ``FileContentError``.
  static func read(_ path: String) throws -> Drawing {
    let bytes = try InputFile.read(path)
    let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    do {
      if FileFormat(path: path) == .json || firstByte == UInt8(ascii: "{") {
        return try DrawingJSON.decode(bytes)
      }
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

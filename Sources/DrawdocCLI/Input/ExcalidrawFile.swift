import DrawdocExcalidraw
import DrawdocModel
import DrawdocSVG
import DrawdocStore

/// One thing an import lost, as the command line prints it: `FILE:LINE: warning: MESSAGE`.
struct FileWarning: Equatable {
  /// The line it concerns.
  let line: Int
  /// What was lost.
  let message: String
}

/// A drawing read from a file in import mode, and the warnings.
struct ImportedFile {
  /// The drawing.
  let drawing: Drawing
  /// What was lost, in the file's order.
  let warnings: [FileWarning]

  init(drawing: Drawing, warnings: [FileWarning]) {
    self.drawing = drawing
    self.warnings = warnings
  }

  /// The drawing and warnings of an SVG import.
  init(_ result: ImportResult) {
    drawing = result.drawing
    warnings = result.warnings.map { FileWarning(line: $0.line, message: $0.message) }
  }

  /// The drawing and warnings of an Excalidraw import.
  init(_ result: ExcalidrawImport) {
    drawing = result.drawing
    warnings = result.warnings.map { FileWarning(line: $0.line, message: $0.message) }
  }
}

/// Excalidraw's files on the command line: told apart from drawdoc's, and read.
enum ExcalidrawFile {
  /// Whether an SVG file may carry an Excalidraw scene, by its name (`.excalidraw.svg`) or its
  /// first 4096 bytes (Excalidraw writes the payload's comments right after the root's tag).
  static func mayCarryScene(_ path: String) throws(InputFileError) -> Bool {
    if path.lowercased().hasSuffix(".excalidraw.svg") { return true }
    return contains(try InputFile.read(path, atMost: 4096), ExcalidrawPayload.mediaType)
  }

  /// Reads an Excalidraw file: a scene (or library, refused), or an SVG or PNG file that
  /// carries a scene.
  ///
  /// - Parameters:
  ///   - path: The file as the user named it; its name gives the title.
  ///   - bytes: Its bytes.
  ///   - now: The time of the drawing.
  /// - Returns: The drawing and the warnings, or `nil` if the file is not Excalidraw's.
  /// - Throws: ``FileContentError``.
  static func importDrawing(_ path: String, _ bytes: [UInt8], now: Timestamp)
    throws(FileContentError) -> ImportedFile?
  {
    let title = self.title(of: path)
    do {
      if DrawingPNG.isPNG(bytes) {
        return try ExcalidrawPayload.read(png: bytes, title: title, now: now).map(ImportedFile.init)
      }
      if DrawingFile.isJSON(bytes, path: path) {
        if FileFormat(path: path) == .excalidraw {
          return ImportedFile(try ExcalidrawReader.read(bytes, title: title, now: now))
        }
        guard contains(bytes, "\"excalidraw") else { return nil }
        let scene = try ExcalidrawReader.readIfScene(bytes, title: title, now: now)
        return scene.map(ImportedFile.init)
      }
      return try ExcalidrawPayload.read(svg: bytes, title: title, now: now).map(ImportedFile.init)
    } catch {
      throw FileContentError(path: path, reason: error.description)
    }
  }

  /// The title of a drawing read from a file: its name without the directory and without
  /// `.excalidraw`, `.excalidraw.svg`, `.excalidraw.png` or another last extension; empty for
  /// standard input.
  static func title(of path: String) -> String {
    guard path != "-" else { return "" }
    var name = Substring(path.split(separator: "/").last ?? "")
    for suffix in [".excalidraw.svg", ".excalidraw.png"] where name.lowercased().hasSuffix(suffix) {
      return String(name.dropLast(suffix.count))
    }
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
    return String(name)
  }

  private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard let first = needle.first, bytes.count >= needle.count else { return false }
    for index in 0...(bytes.count - needle.count)
    where bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) {
      return true
    }
    return false
  }
}

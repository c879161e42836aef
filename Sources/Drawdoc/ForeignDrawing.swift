import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocModel
import DrawdocSVG

/// Drawings read from other programs' files, in import mode: draw.io files and Excalidraw's
/// scenes, bare or carried in the SVG and PNG files Excalidraw exports.
///
/// docs/format.md ("draw.io files", "Excalidraw files") says what is kept, what is warned
/// about and what is refused. The readers themselves are internal to drawdoc; this is their
/// one way in, public and drawdoc's own alike: the command line and the app read every file
/// through ``importDrawing(_:name:now:page:)``, and so does the fuzz target (`Tests/Fuzz`).
public enum ForeignDrawing {
  /// A foreign file format drawdoc reads.
  public enum Format: Sendable, CaseIterable {
    /// A draw.io file (`.drawio`): an `mxfile` of pages, plain or compressed, or a bare
    /// `mxGraphModel`. Its first page is read.
    case drawIO
    /// An Excalidraw scene (`.excalidraw`, JSON).
    case excalidraw
    /// An SVG file Excalidraw exported with the scene embedded.
    case excalidrawSVG
    /// A PNG file Excalidraw exported with the scene embedded.
    case excalidrawPNG
  }

  /// Something import skipped or simplified, at a line of the file. The command line prints it
  /// as `FILE:LINE: warning: MESSAGE`; the app answers it as `{"line", "message"}`.
  public struct Warning: Equatable, Sendable {
    /// The line of the file it is about (1 for a PNG file).
    public let line: Int
    /// What was skipped or simplified.
    public let message: String

    /// Makes a warning.
    package init(line: Int, message: String) {
      self.line = line
      self.message = message
    }
  }

  /// What import made of a foreign file: the drawing and the warnings, in line order.
  public struct Import: Sendable {
    /// The drawing.
    public let drawing: Drawing
    /// The warnings.
    public let warnings: [Warning]
  }

  /// Why a foreign file cannot be read.
  public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, with a line and column where the file gives one (`LINE:COLUMN: …`); what
    /// follows the file's name and a colon on the command line, so without a location it
    /// starts with a blank.
    public let description: String
    /// What is wrong, without the location.
    package let message: String
    /// The 1-based line of the problem, when it is known.
    package let line: Int?
    /// The 1-based column of the problem, when it is known.
    package let column: Int?
    /// Whether the file is past one of the import's limits rather than wrong: those of
    /// `SVGLimits` (for draw.io files too), and of the draw.io and Excalidraw readers (a
    /// decompression bomb, JSON nested too deeply). The app answers 413 rather than 400.
    package let isLimit: Bool

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

    init(_ error: DrawIOError) {
      self.init(
        error.message, line: error.line, column: error.column, isLimit: error.isLimit,
        description: error.description)
    }

    init(_ error: ExcalidrawError) {
      self.init(
        error.message, line: error.line, column: error.column, isLimit: error.isLimit,
        description: error.description)
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

  /// Reads a foreign file as a drawing.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - format: Its format.
  ///   - title: The title of a drawing the file does not name.
  ///   - now: The creation and modification time of a drawing the file does not date.
  /// - Returns: The drawing and the warnings, or `nil` for an SVG or PNG file that carries no
  ///   Excalidraw scene.
  /// - Throws: ``ReadError`` for a file that is damaged or not of the format.
  public static func importDrawing(
    _ bytes: [UInt8], format: Format, title: String = "", now: Timestamp
  ) throws(ReadError) -> Import? {
    do {
      switch format {
      case .drawIO:
        let result = try DrawIOReader.importDrawing(bytes, now: now)
        return Import(
          drawing: result.drawing,
          warnings: result.warnings.map { Warning(line: $0.line, message: $0.message) })
      case .excalidraw:
        return Import(try ExcalidrawReader.read(bytes, title: title, now: now))
      case .excalidrawSVG:
        return try ExcalidrawPayload.read(svg: bytes, title: title, now: now).map(Import.init)
      case .excalidrawPNG:
        return try ExcalidrawPayload.read(png: bytes, title: title, now: now).map(Import.init)
      }
    } catch let error as DrawIOError {
      throw ReadError(error)
    } catch let error as ExcalidrawError {
      throw ReadError(error)
    } catch {
      throw ReadError("\(error)", line: nil, column: nil, description: " \(error)")
    }
  }
}

extension ForeignDrawing.Import {
  fileprivate init(_ result: ExcalidrawImport) {
    self.init(
      drawing: result.drawing,
      warnings: result.warnings.map { .init(line: $0.line, message: $0.message) })
  }
}

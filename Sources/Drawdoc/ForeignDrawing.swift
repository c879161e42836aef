import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocModel

/// Drawings read from other programs' files, in import mode: draw.io files and Excalidraw's
/// scenes, bare or carried in the SVG and PNG files Excalidraw exports.
///
/// docs/format.md ("draw.io files", "Excalidraw files") says what is kept, what is warned
/// about and what is refused. The readers themselves are internal to drawdoc; this is their
/// one public way in (the fuzz target, `Tests/Fuzz`, reads through it).
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

  /// Something import skipped or simplified, at a line of the file.
  public struct Warning: Equatable, Sendable {
    /// The line of the file it is about (1 for a PNG file).
    public let line: Int
    /// What was skipped or simplified.
    public let message: String
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
    /// What is wrong, with a line and column where the file gives one (`LINE:COLUMN: …`).
    public let description: String
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
      throw ReadError(description: error.description)
    } catch let error as ExcalidrawError {
      throw ReadError(description: error.description)
    } catch {
      throw ReadError(description: "\(error)")
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

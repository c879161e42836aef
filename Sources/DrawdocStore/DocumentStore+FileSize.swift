import DrawdocModel
import DrawdocSVG
import DrawdocSystem

extension DocumentStore {
  /// The size of the file that holds a drawing, or one of its versions, without reading it:
  /// what a server weighs a request by before it reads the drawing whole.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - version: A version of its history, or `nil` for the current one.
  /// - Returns: Bytes, or `nil` when there is no such file.
  package func fileSize(of id: Identifier, version: Int? = nil) -> Int? {
    let file = version.map { versionPath(of: id, $0) } ?? path(of: id)
    guard let status = try? FileSystem.status(of: file), status.isRegularFile else { return nil }
    return Int(clamping: status.size)
  }

  /// A drawing's canvas, from the first lines of its file (or of one of its versions'), without
  /// reading its rectangles.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - version: A version of its history, or `nil` for the current one.
  /// - Returns: The canvas, or `nil` when the file is missing or its start is not a drawing.
  package func canvas(of id: Identifier, version: Int? = nil) -> Size? {
    let file = version.map { versionPath(of: id, $0) } ?? path(of: id)
    return (try? SVGDecoder.header(contentsOfFile: file))?.plane.size
  }
}

import DrawdocModel
import DrawdocStore

/// A name on the command line that is neither a file nor a drawing in the store; exits
/// with 66.
struct NoSuchDrawingOrFile: Error, CustomStringConvertible {
  /// The name as given.
  let name: String

  var description: String {
    "'\(name)' is neither a file nor a drawing in the store: give the path of a drawing file, "
      + "or a drawing's id or exact title ('drawdoc list' shows them)"
  }
}

/// The drawings `diff` and `merge` compare: each named by a file (a drawdoc SVG file, the JSON
/// form, or a PNG that carries a drawing, read strictly), or else by a drawing's id or title in
/// the store. An empty file, such as `/dev/null`, which git passes for a side where the file
/// does not exist, stands for no drawing.
enum DrawingArgument {
  /// Reads the drawings named; the store is opened only if a name is not a file.
  ///
  /// - Parameters:
  ///   - names: Paths (`-` for standard input), ids or titles.
  ///   - arguments: The command's arguments, for `--store`.
  ///   - context: The command's context.
  /// - Returns: Each drawing, or `nil` for an empty file.
  /// - Throws: ``NoSuchDrawingOrFile``, ``FileContentError``, ``InputFileError`` or
  ///   ``StoreError``.
  static func read(_ names: [String], arguments: ParsedArguments, context: CommandContext)
    throws -> [Drawing?]
  {
    var store: DocumentStore?
    return try names.map { (name) throws -> Drawing? in
      let bytes: [UInt8]
      do {
        bytes = try InputFile.read(name)
      } catch InputFileError.notFound {
        guard let opened = try store ?? StoreAccess.openExisting(arguments, context) else {
          throw NoSuchDrawingOrFile(name: name)
        }
        store = opened
        do {
          return try opened.drawing(try opened.resolve(name))
        } catch StoreError.noSuchDrawing {
          throw NoSuchDrawingOrFile(name: name)
        }
      }
      return bytes.isEmpty ? nil : try DrawingFile.read(name, bytes)
    }
  }
}

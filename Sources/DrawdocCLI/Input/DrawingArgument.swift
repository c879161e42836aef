import DrawdocEditing
import DrawdocModel

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

/// A version asked for (`diff --at` or `--to`) of a name that is a file, which has no history;
/// exits with 64.
struct VersionOfFile: Error, CustomStringConvertible {
  /// The option that asked for the version, without dashes.
  let option: String
  /// The file's name as given.
  let name: String

  var description: String {
    "--\(option) reads a version of a drawing in the store, but '\(name)' is a file: give the "
      + "drawing's id or exact title ('drawdoc history DOC' lists its versions)"
  }
}

/// The drawings `diff` and `merge` compare: each named by a file (a drawdoc SVG file, the JSON
/// form, or a PNG that carries a drawing, read strictly), or else by a drawing's id or title in
/// the store. An empty file, such as `/dev/null`, which git passes for a side where the file
/// does not exist, stands for no drawing.
enum DrawingArgument {
  /// A drawing to read: its name, and the version of a drawing in the store, if one is asked
  /// for (with the option that asked, for messages).
  struct Request {
    /// A path (`-` for standard input), an id or a title.
    let name: String
    /// The version and the option that named it, or `nil` for the drawing as it is.
    var version: (number: Int, option: String)? = nil
  }

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
    try read(names.map { Request(name: $0) }, arguments: arguments, context: context)
  }

  /// Reads the drawings asked for; the store is opened only if a name is not a file. A version
  /// can be asked for only of a drawing in the store.
  ///
  /// - Throws: as ``read(_:arguments:context:)-([String],_,_)``, and ``VersionOfFile``.
  static func read(_ requests: [Request], arguments: ParsedArguments, context: CommandContext)
    throws -> [Drawing?]
  {
    var store: DocumentStore?
    return try requests.map { (request) throws -> Drawing? in
      let bytes: [UInt8]
      do {
        bytes = try InputFile.read(request.name)
      } catch InputFileError.notFound {
        guard let opened = try store ?? StoreAccess.openExisting(arguments, context) else {
          throw NoSuchDrawingOrFile(name: request.name)
        }
        store = opened
        let id: Identifier
        do {
          id = try opened.resolve(request.name)
        } catch StoreError.noSuchDrawing {
          throw NoSuchDrawingOrFile(name: request.name)
        }
        guard let version = request.version else { return try opened.drawing(id) }
        return try opened.drawing(id, version: version.number)
      }
      if let version = request.version {
        throw VersionOfFile(option: version.option, name: request.name)
      }
      return bytes.isEmpty ? nil : try DrawingFile.read(request.name, bytes)
    }
  }
}

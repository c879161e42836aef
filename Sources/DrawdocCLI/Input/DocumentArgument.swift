import DrawdocEditing
import DrawdocModel
import DrawdocSystem

/// `DOC` names a file, for a command that works only on drawings in the store (`history`,
/// `undo`, `redo`, `restore`, `delete`, `watch`); exits with 64.
struct FileNotInStore: Error, CustomStringConvertible {
  /// What the command does that a file has no part in.
  enum Reason {
    /// The history: `history`, `undo`, `redo`, `restore`.
    case history
    /// Moving a drawing to the store's trash.
    case delete
    /// Following the store's changes.
    case watch
  }

  /// The file's name as given.
  let name: String
  let reason: Reason

  var description: String {
    let start = "'\(name)' is a file: "
    switch reason {
    case .history:
      return start + "drawdoc keeps history only for drawings in the store; a file's history "
        + "is git's (git log -p --ext-diff \(name))"
    case .delete:
      return start + "delete moves a drawing of the store to its trash; remove a file with "
        + "'rm \(name)' (or 'git rm \(name)' in a git working tree)"
    case .watch:
      return start + "watch follows the store's changes, and a file's are not among them; "
        + "'git diff --ext-diff \(name)' shows what changed in it"
    }
  }
}

/// `DOC`: a drawing of the store, by id or exact title, or a drawdoc SVG file. A name that
/// names an existing regular file and contains a `/` or ends in `.svg` is the file; any other
/// name is looked up in the store. Each command resolves its `DOC` here and then reads or
/// changes it the same way, whichever it is.
enum DocumentArgument {
  /// A drawdoc SVG file, read strictly and changed in place; the store is not opened.
  case file(FileDrawing)
  /// A drawing of the store.
  case stored(DocumentStore, Identifier)

  /// How a title that looks like a path is reached: the sentence every command that takes
  /// `DOC` says in its help.
  static let titleLikePath = """
    A name that is an existing file and contains a '/' or ends in '.svg' is that file: a
    drawing whose title looks like one is named by its id ('drawdoc list' shows ids).
    """

  /// What `DOC` is, for the help of the commands that read or change a file as they do a
  /// drawing of the store.
  static let help = """
    DOC is a drawing's id or exact title, or the path of a drawdoc SVG file, which is read
    strictly and changed in place (no store, no history: git keeps a file's).
    \(titleLikePath)
    """

  /// What `DOC` is, for the help of the commands that work only on drawings in the store.
  static let storeOnlyHelp = """
    DOC is a drawing's id or exact title; a drawdoc SVG file is refused (exit status 64).
    \(titleLikePath)
    """

  /// Whether a name is a file rather than a name in the store.
  static func isFile(_ name: String) -> Bool {
    guard looksLikePath(name) else { return false }
    return (try? FileSystem.status(of: name))?.isRegularFile == true
  }

  /// Finds `DOC`: the file it names, else the drawing of the store (which is opened, and made
  /// on first use, only then).
  ///
  /// - Parameters:
  ///   - name: The argument as given.
  ///   - arguments: The command's arguments, for `--store`.
  ///   - context: The environment, for the store and the lock timeout.
  ///   - includingTrash: Whether a drawing in the trash is found by its id too.
  /// - Returns: The file, or the store and the drawing's id.
  /// - Throws: A `StoreError`, or ``NoSuchDrawingOrFile`` for a name that looks like a path
  ///   but is neither a file nor a drawing.
  static func resolve(
    _ name: String, _ arguments: ParsedArguments, _ context: CommandContext,
    includingTrash: Bool = false
  ) throws -> DocumentArgument {
    if isFile(name) {
      return .file(FileDrawing(path: name, lockTimeout: StoreAccess.lockTimeout(context)))
    }
    let store = try StoreAccess.open(arguments, context)
    let id: Identifier
    do {
      id = try StoreAccess.resolve(name, in: store, includingTrash: includingTrash)
    } catch {
      if case .noSuchDrawing = error, looksLikePath(name) { throw NoSuchDrawingOrFile(name: name) }
      throw error
    }
    return .stored(store, id)
  }

  /// Whether a name would be a file if it named an existing one.
  private static func looksLikePath(_ name: String) -> Bool {
    name.contains("/") || name.lowercased().hasSuffix(".svg")
  }

  /// Finds `DOC` for a command that works only on drawings in the store.
  ///
  /// - Throws: ``FileNotInStore`` for a file, else as ``resolve(_:_:_:includingTrash:)``.
  static func stored(
    _ name: String, _ arguments: ParsedArguments, _ context: CommandContext,
    refusingFile reason: FileNotInStore.Reason, includingTrash: Bool = false
  ) throws -> (store: DocumentStore, id: Identifier) {
    switch try resolve(name, arguments, context, includingTrash: includingTrash) {
    case .file: throw FileNotInStore(name: name, reason: reason)
    case .stored(let store, let id): return (store, id)
    }
  }

  /// Reads the drawing as it is, or one of its versions (`--at`), which only a drawing of the
  /// store has.
  ///
  /// - Throws: ``VersionOfFile`` for a version of a file, a `FileDrawingError` or a
  ///   `StoreError`.
  func read(at version: Int? = nil) throws -> Drawing {
    switch self {
    case .file(let file):
      if version != nil { throw VersionOfFile(option: "at", name: file.path) }
      return try file.read()
    case .stored(let store, let id):
      guard let version else { return try store.drawing(id) }
      return try store.drawing(id, version: version)
    }
  }

  /// Makes one change, built by one of `Editing`'s builders: a new version of a drawing of
  /// the store, or the file replaced in place.
  ///
  /// - Throws: What the edit throws, a `FileDrawingError` or a `StoreError`; nothing is then
  ///   changed.
  func change(_ edit: Editing.Edit) throws {
    switch self {
    case .file(let file): try file.update(at: .now, edit)
    case .stored(let store, let id): try Editing(store: store).update(id, edit)
    }
  }
}

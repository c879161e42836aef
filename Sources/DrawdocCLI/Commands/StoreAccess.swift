import DrawdocEditing
import DrawdocModel

import DrawdocSystem

/// What every command that works on the store shares: the `--store` option, opening the
/// store, and finding a drawing by `DOC`.
enum StoreAccess {
  /// The `--store DIR` option, accepted by every store command (and before the command name).
  static let option = OptionSpecification.value(
    "store", placeholder: "DIR", kind: .directory,
    help: "The store folder (default: $DRAWDOC_STORE, else $XDG_DATA_HOME/drawdoc, "
      + "else ~/.local/share/drawdoc).")

  /// Opens the store the command line and environment name, creating it on first use.
  /// `DRAWDOC_LOCK_TIMEOUT` (seconds, default 10) bounds the wait for another process.
  ///
  /// - Parameters:
  ///   - arguments: The command's arguments, for `--store`.
  ///   - context: The environment, for `DRAWDOC_STORE` and the lock timeout.
  ///   - memory: Where a long-running command keeps the drawings it changes (`serve`); `nil`
  ///     for a command that changes the store once.
  /// - Returns: The store.
  /// - Throws: A `StoreError` if its folders cannot be made.
  static func open(
    _ arguments: ParsedArguments, _ context: CommandContext,
    keepingInMemory memory: DrawingMemory? = nil
  ) throws -> DocumentStore {
    let timeout = lockTimeout(context)
    let root = location(arguments, context)
    guard let memory else { return try DocumentStore(root: root, lockTimeout: timeout) }
    return try DocumentStore(root: root, lockTimeout: timeout, keepingInMemory: memory)
  }

  /// How long a change waits for another process's lock, in seconds: `DRAWDOC_LOCK_TIMEOUT`,
  /// else 10. The store's lock and a drawing file's alike.
  static func lockTimeout(_ context: CommandContext) -> Double {
    context.environment["DRAWDOC_LOCK_TIMEOUT"].flatMap(Double.init) ?? 10
  }

  /// Opens the store only if its folder exists, for commands that can do without one: a name
  /// that is not in a store that does not exist makes no store.
  static func openExisting(_ arguments: ParsedArguments, _ context: CommandContext) throws
    -> DocumentStore?
  {
    guard FileSystem.exists(location(arguments, context)) else { return nil }
    return try open(arguments, context)
  }

  private static func location(_ arguments: ParsedArguments, _ context: CommandContext)
    -> String
  {
    DocumentStore.location(
      option: arguments.value("store") ?? context.storeOption, environment: context.environment)
  }

  /// Finds a drawing by `DOC`; for commands that also read drawings in the trash (`history`,
  /// `watch`), an id in the trash is found too.
  static func resolve(_ document: String, in store: DocumentStore, includingTrash: Bool)
    throws(StoreError) -> Identifier
  {
    do {
      return try store.resolve(document)
    } catch .inTrash(let id) where includingTrash {
      return id
    }
  }

  /// The `--at VERSION` option of the commands that read a drawing.
  static let versionOption = OptionSpecification.value(
    "at", placeholder: "VERSION",
    help: "Read this version of the drawing ('drawdoc history DOC' lists them).")
}

/// Parses the values of options into model values with ``UserValue``, whose refusals become
/// usage errors of the command.
struct ValueParser {
  /// The command, for messages.
  let command: String

  func read<T>(_ parse: () throws(InvalidValue) -> T) throws(CommandLineError) -> T {
    do {
      return try parse()
    } catch {
      throw .invalidValue(
        command: command, option: error.field, value: error.value, expected: error.expected)
    }
  }

  func number(_ text: String, option: String) throws(CommandLineError) -> Double {
    try read { () throws(InvalidValue) in try UserValue.number(text, field: option) }
  }

  func length(_ text: String, option: String) throws(CommandLineError) -> Double {
    try read { () throws(InvalidValue) in try UserValue.length(text, field: option) }
  }

  func count(_ text: String, option: String, range: ClosedRange<Int>) throws(CommandLineError)
    -> Int
  {
    try read { () throws(InvalidValue) in try UserValue.count(text, field: option, range: range) }
  }

  func seed(_ text: String) throws(CommandLineError) -> UInt64 {
    try read { () throws(InvalidValue) in try UserValue.seed(text) }
  }

  func alpha(_ text: String) throws(CommandLineError) -> Alpha {
    try read { () throws(InvalidValue) in try UserValue.alpha(text) }
  }

  func color(_ text: String, option: String = "color") throws(CommandLineError) -> Color {
    try read { () throws(InvalidValue) in try UserValue.color(text, field: option) }
  }

  func version(_ text: String, option: String) throws(CommandLineError) -> Int {
    try read { () throws(InvalidValue) in try UserValue.version(text, field: option) }
  }

  func identifier(_ text: String, name: String) throws(CommandLineError) -> Identifier {
    try read { () throws(InvalidValue) in try UserValue.identifier(text, field: name) }
  }

  func duration(_ text: String, option: String, range: ClosedRange<Int>) throws(CommandLineError)
    -> Int
  {
    try read { () throws(InvalidValue) in
      try UserValue.duration(text, field: option, range: range)
    }
  }

  func title(_ text: String) throws(CommandLineError) -> String {
    try read { () throws(InvalidValue) in try UserValue.title(text) }
  }
}

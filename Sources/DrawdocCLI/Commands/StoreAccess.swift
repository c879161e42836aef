import DrawdocSVG
import DrawdocModel
import DrawdocStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What every command that works on the store shares: the `--store` option, opening the
/// store, and finding a drawing by `DOC`.
enum StoreAccess {
  /// The `--store DIR` option, accepted by every store command (and before the command name).
  static let option = OptionSpecification.value(
    "store", placeholder: "DIR",
    help: "The store folder (default: $DRAWDOC_STORE, else $XDG_DATA_HOME/drawdoc, "
      + "else ~/.local/share/drawdoc).")

  /// Opens the store the command line and environment name, creating it on first use.
  /// `DRAWDOC_LOCK_TIMEOUT` (seconds, default 10) bounds the wait for another process.
  static func open(_ arguments: ParsedArguments, _ context: CommandContext) throws
    -> DocumentStore
  {
    let timeout = context.environment["DRAWDOC_LOCK_TIMEOUT"].flatMap(Double.init) ?? 10
    return try DocumentStore(root: location(arguments, context), lockTimeout: timeout)
  }

  /// Opens the store only if its folder exists, for commands that can do without one: a name
  /// that is not in a store that does not exist makes no store.
  static func openExisting(_ arguments: ParsedArguments, _ context: CommandContext) throws
    -> DocumentStore?
  {
    guard access(location(arguments, context), F_OK) == 0 else { return nil }
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

  /// Reads `DOC` as it is, or one of its versions.
  static func read(_ document: String, at version: Int?, in store: DocumentStore)
    throws(StoreError) -> Drawing
  {
    let id = try store.resolve(document)
    guard let version else { return try store.drawing(id) }
    return try store.drawing(id, version: version)
  }

  /// The `--at VERSION` option of the commands that read a drawing.
  static let versionOption = OptionSpecification.value(
    "at", placeholder: "VERSION",
    help: "Read this version of the drawing ('drawdoc history DOC' lists them).")
}

/// Parses the values of options into model values, with usage errors that say what is expected.
struct ValueParser {
  /// The command, for messages.
  let command: String

  func number(_ text: String, option: String) throws(CommandLineError) -> Double {
    guard let value = Double(text), value.isFinite else {
      throw .invalidValue(
        command: command, option: option, value: text, expected: "a finite number")
    }
    return value
  }

  func length(_ text: String, option: String) throws(CommandLineError) -> Double {
    guard let value = Double(text), value.isFinite, value > 0 else {
      throw .invalidValue(
        command: command, option: option, value: text, expected: "a number greater than 0")
    }
    return value
  }

  func count(_ text: String, option: String, range: ClosedRange<Int>) throws(CommandLineError)
    -> Int
  {
    guard let value = Int(text), range.contains(value) else {
      throw .invalidValue(
        command: command, option: option, value: text,
        expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  func seed(_ text: String) throws(CommandLineError) -> UInt64 {
    guard let value = UInt64(text) else {
      throw .invalidValue(
        command: command, option: "seed", value: text,
        expected: "a whole number from 0 to \(UInt64.max)")
    }
    return value
  }

  func alpha(_ text: String) throws(CommandLineError) -> Alpha {
    guard let level = Int(text), let alpha = try? Alpha(level: level) else {
      throw .invalidValue(
        command: command, option: "alpha", value: text, expected: "a whole number from 1 to 10")
    }
    return alpha
  }

  func color(_ text: String, option: String = "color") throws(CommandLineError) -> Color {
    guard case .color(let color, let opacity)? = CSSColor.parse(text, outOfRange: .refuse),
      opacity == 1
    else {
      throw .invalidValue(
        command: command, option: option, value: text,
        expected: "#rgb, #rrggbb, rgb(r,g,b) with channels 0…255 (or 0%…100%), "
          + "or a CSS color name such as teal")
    }
    return color
  }

  func version(_ text: String, option: String) throws(CommandLineError) -> Int {
    guard let value = Int(text), value >= 1 else {
      throw .invalidValue(
        command: command, option: option, value: text,
        expected: "a version number, a whole number from 1 ('drawdoc history DOC' lists them)")
    }
    return value
  }

  func identifier(_ text: String, name: String) throws(CommandLineError) -> Identifier {
    guard let id = try? Identifier(text) else {
      throw .invalidValue(
        command: command, option: name, value: text,
        expected: "an id of three groups of three characters from a-z and 0-9, like afy-kw5-t7o")
    }
    return id
  }

  func title(_ text: String) throws(CommandLineError) -> String {
    do {
      var plane = try Plane()
      try plane.rename(to: text)
      return text
    } catch {
      throw .invalidValue(command: command, option: "title", value: text, expected: "\(error)")
    }
  }
}

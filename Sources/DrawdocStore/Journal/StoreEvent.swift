import DrawdocJSON
import DrawdocModel
import DrawdocSVG

/// One change to a store, as every process can hear it: drawing `id` was created, changed,
/// renamed, moved to the trash, restored from it, or removed for good.
///
/// Events are numbered in the order the store applied them (``sequence``, from 1, one apart):
/// a watcher that remembers the last number it saw can ask for everything after it.
public struct StoreEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// A new drawing (version 1).
    case created
    /// A new version of a drawing (an edit, a new version saved, an undo, a redo, a restore).
    case changed
    /// A new version whose only change is the title.
    case renamed
    /// The drawing was moved to the trash.
    case trashed
    /// The drawing came back from the trash.
    case restored
    /// The drawing was removed from the trash for good.
    case emptied
  }

  /// The event's place in the store's order: 1, 2, 3, … with no gaps.
  public let sequence: Int
  /// What happened.
  public let kind: Kind
  /// The drawing.
  public let id: Identifier
  /// The drawing's version after the event (its current version, for trash events).
  public let version: Int
  /// When it happened.
  public let time: Timestamp
  /// The drawing's title after the event.
  public let title: String
  /// What changed, in words: `set color of afy-kw5-t7o`, `moved to the trash`.
  public let change: String

  /// Makes an event.
  ///
  /// - Parameters:
  ///   - sequence: Its place in the store's order.
  ///   - kind: What happened.
  ///   - id: The drawing.
  ///   - version: The drawing's version after it.
  ///   - time: When it happened.
  ///   - title: The drawing's title after it.
  ///   - change: What changed, in words.
  public init(
    sequence: Int, kind: Kind, id: Identifier, version: Int, time: Timestamp, title: String,
    change: String
  ) {
    self.sequence = sequence
    self.kind = kind
    self.id = id
    self.version = version
    self.time = time
    self.title = title
    self.change = change
  }

  /// The event as one line of JSON with its line feed: the journal's line and the line
  /// `drawdoc watch --json` prints (`Schema/drawdoc-event.schema.json`).
  public var jsonLine: [UInt8] {
    var bytes = JSONValue.object([
      ("sequence", .number(Double(sequence))), ("event", .string(kind.rawValue)),
      ("id", .string(id.description)), ("version", .number(Double(version))),
      ("time", .string(time.description)), ("title", .string(title)),
      ("change", .string(change)),
    ]).serialized
    bytes.append(0x0A)
    return bytes
  }

  /// Reads a line that ``jsonLine`` wrote (without its line feed), or returns `nil`.
  ///
  /// - Parameter line: The line's bytes.
  public init?(jsonLine line: some Collection<UInt8>) {
    guard let value = try? JSONValue.parse(Array(line)),
      case .number(let sequence)? = value["sequence"], let sequence = Int(exactly: sequence),
      case .string(let kindText)? = value["event"], let kind = Kind(rawValue: kindText),
      case .string(let idText)? = value["id"], let id = try? Identifier(idText),
      case .number(let version)? = value["version"], let version = Int(exactly: version),
      case .string(let timeText)? = value["time"], let time = try? Timestamp(timeText),
      case .string(let title)? = value["title"], case .string(let change)? = value["change"]
    else { return nil }
    self.init(
      sequence: sequence, kind: kind, id: id, version: version, time: time, title: title,
      change: change)
  }
}

import DrawdocModel

/// The kept versions of one drawing, newest first, and where undo and redo lead.
///
/// Every change keeps the version it replaced, so the history of a drawing is a list of
/// versions numbered from 1 (the drawing as created; numbers only grow). Undo and redo step
/// back and forth as in an editor, each by making a new version: nothing is ever overwritten.
public struct DrawingHistory: Hashable, Sendable {
  /// One kept version.
  public struct Version: Hashable, Sendable {
    /// Its number: 1 is the drawing as created, and numbers only grow.
    public let number: Int
    /// When the change that made it happened.
    public let time: Timestamp
    /// How many rectangles it has.
    public let rectangleCount: Int
    /// Its title.
    public let title: String
    /// The change that made it, in words: `set color of afy-kw5-t7o`.
    public let change: String

    /// Makes a version.
    ///
    /// - Parameters:
    ///   - number: Its number.
    ///   - time: When it was made.
    ///   - rectangleCount: How many rectangles it has.
    ///   - title: Its title.
    ///   - change: What made it, in words.
    public init(number: Int, time: Timestamp, rectangleCount: Int, title: String, change: String) {
      self.number = number
      self.time = time
      self.rectangleCount = rectangleCount
      self.title = title
      self.change = change
    }

    init(_ record: VersionRecord) {
      self.init(
        number: record.number, time: record.time, rectangleCount: record.rectangles,
        title: record.title, change: record.change)
    }
  }

  /// The drawing's id.
  public let id: Identifier
  /// The kept versions, newest (the current one) first.
  public let versions: [Version]
  /// What an undo would do: the change it takes back and the version whose content it brings
  /// back, or `nil` when there is nothing to undo.
  public let undo: Step?
  /// What a redo would do, or `nil` when there is nothing to redo.
  public let redo: Step?
  /// When the drawing was moved to the trash, if it is there.
  public let trashed: Timestamp?

  /// One step of undo or redo.
  public struct Step: Hashable, Sendable {
    /// The change the step takes back (undo) or makes again (redo), in words.
    public let change: String
    /// The version whose content the step brings back.
    public let version: Int

    /// Makes a step.
    ///
    /// - Parameters:
    ///   - change: The change, in words.
    ///   - version: The version it brings back.
    public init(change: String, version: Int) {
      self.change = change
      self.version = version
    }
  }

  /// Makes a history.
  ///
  /// - Parameters:
  ///   - id: The drawing's id.
  ///   - versions: Its versions, newest first.
  ///   - undo: What an undo would do.
  ///   - redo: What a redo would do.
  ///   - trashed: When it went to the trash, if it is there.
  public init(
    id: Identifier, versions: [Version], undo: Step?, redo: Step?, trashed: Timestamp?
  ) {
    self.id = id
    self.versions = versions
    self.undo = undo
    self.redo = redo
    self.trashed = trashed
  }

  /// The current version.
  public var current: Version? { versions.first }
}

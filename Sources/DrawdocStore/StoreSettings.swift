import DrawdocJSON
import DrawdocSVG

/// A store's settings, kept in its `settings.json`: `{"historyLimit": 100}`.
public struct StoreSettings: Hashable, Sendable {
  /// How many versions of each drawing the history keeps unless the store says otherwise.
  public static let defaultHistoryLimit = 100
  /// The values ``historyLimit`` may take.
  public static let historyLimits = 1...100_000

  /// How many versions of each drawing the history keeps, the current one included; older
  /// ones are dropped, oldest first.
  public var historyLimit: Int

  /// Makes settings.
  ///
  /// - Parameter historyLimit: How many versions each drawing keeps.
  public init(historyLimit: Int = StoreSettings.defaultHistoryLimit) {
    self.historyLimit = historyLimit
  }

  /// The bytes of `settings.json`.
  var serialized: [UInt8] {
    JSONValue.object([("historyLimit", .number(Double(historyLimit)))]).serialized + [0x0A]
  }

  /// Reads `settings.json`; anything it does not hold, or holds wrongly, keeps its default.
  init(serialized bytes: [UInt8]) {
    self.init()
    if let value = try? JSONValue.parse(bytes), case .number(let limit)? = value["historyLimit"],
      let limit = Int(exactly: limit), Self.historyLimits.contains(limit)
    {
      historyLimit = limit
    }
  }
}

extension DocumentStore {
  /// The store's settings; the defaults when it has none.
  public var settings: StoreSettings {
    guard StoreFiles.exists(settingsPath), let bytes = try? StoreFiles.read(settingsPath) else {
      return StoreSettings()
    }
    return StoreSettings(serialized: bytes)
  }

  /// Changes the store's settings. A lower history limit takes effect for each drawing at its
  /// next change.
  ///
  /// - Parameter settings: The new settings.
  /// - Throws: ``StoreError/invalidSetting(name:value:expected:)`` for a value out of range, or
  ///   an I/O error.
  public func change(to settings: StoreSettings) throws(StoreError) {
    guard StoreSettings.historyLimits.contains(settings.historyLimit) else {
      throw .invalidSetting(
        name: "historyLimit", value: "\(settings.historyLimit)",
        expected:
          "a whole number from \(StoreSettings.historyLimits.lowerBound) to "
          + "\(StoreSettings.historyLimits.upperBound)")
    }
    try withWriteLock { () throws(StoreError) in
      try StoreFiles.createFolder(temporaryFolder)
      try StoreFiles.writeAtomically(
        settings.serialized, to: settingsPath, temporaryFolder: temporaryFolder)
    }
  }
}

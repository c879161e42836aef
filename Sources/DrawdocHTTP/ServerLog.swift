import DrawdocLog

/// Where the server tells of its failures and of what it got over: drawdoc's logger, category
/// `http` (standard error on Linux, the unified log on Apple's platforms, filtered by
/// `DRAWDOC_LOG`), or, for a test, a closure that keeps every message.
package struct ServerLog: Sendable {
  /// How much a message matters.
  package enum Level: Sendable, Equatable {
    /// Something the server got over.
    case info
    /// A failure.
    case error
  }

  private let logger = Logger(category: "http")
  private let sink: (@Sendable (Level, String) -> Void)?

  /// drawdoc's logger.
  package static let standard = ServerLog(sink: nil)

  /// A log whose messages go to `sink` instead of drawdoc's logger, whatever `DRAWDOC_LOG`
  /// says: a test reads there what the server logged.
  ///
  /// - Parameter sink: Takes each message with its level.
  package init(sink: (@Sendable (_ level: Level, _ message: String) -> Void)?) {
    self.sink = sink
  }

  /// Tells of something the server got over.
  ///
  /// - Parameter message: The text, built only when it is told.
  func info(_ message: @autoclosure () -> String) {
    if let sink { sink(.info, message()) } else { logger.info(message()) }
  }

  /// Tells of a failure.
  ///
  /// - Parameter message: The text, built only when it is told.
  func error(_ message: @autoclosure () -> String) {
    if let sink { sink(.error, message()) } else { logger.error(message()) }
  }
}

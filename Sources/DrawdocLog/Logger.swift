import DrawdocSystem

#if canImport(os)
  import os
#endif

/// The severity of a diagnostic message, from the most to the least talkative.
package enum LogLevel: Int, Comparable, Sendable {
  /// Detail that helps while looking for a problem.
  case debug
  /// Progress worth knowing about.
  case info
  /// Something failed.
  case error
  /// Something that should be impossible happened.
  case fault

  /// The level named by `DRAWDOC_LOG` (`debug`, `info` or `error`); `error` when it is unset
  /// or names something else.
  package static let threshold: LogLevel = {
    guard let raw = CurrentProcess.environmentVariable("DRAWDOC_LOG") else { return .error }
    switch raw.lowercased() {
    case "debug": return .debug
    case "info": return .info
    default: return .error
    }
  }()

  package static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// drawdoc's one logging facade: `os.Logger` on Apple platforms, standard error elsewhere,
/// filtered by `DRAWDOC_LOG=debug|info|error`. Diagnostics never go through `print`.
package struct Logger: Sendable {
  /// The part of drawdoc the messages come from, such as `svg` or `store`.
  package let category: String

  /// Makes a logger for one part of drawdoc.
  ///
  /// - Parameter category: A short name for the part, such as `svg`.
  package init(category: String) {
    self.category = category
  }

  /// Logs detail for finding problems.
  ///
  /// - Parameter message: The text, built only when the level is enabled.
  package func debug(_ message: @autoclosure () -> String) { log(.debug, message) }

  /// Logs progress worth knowing about.
  ///
  /// - Parameter message: The text, built only when the level is enabled.
  package func info(_ message: @autoclosure () -> String) { log(.info, message) }

  /// Logs a failure.
  ///
  /// - Parameter message: The text, built only when the level is enabled.
  package func error(_ message: @autoclosure () -> String) { log(.error, message) }

  /// Logs something that should be impossible.
  ///
  /// - Parameter message: The text, always built.
  package func fault(_ message: @autoclosure () -> String) { log(.fault, message) }

  private func log(_ level: LogLevel, _ message: () -> String) {
    guard level >= LogLevel.threshold else { return }
    let text = message()
    #if canImport(os)
      let logger = os.Logger(subsystem: "drawdoc", category: category)
      switch level {
      case .debug: logger.debug("\(text, privacy: .public)")
      case .info: logger.info("\(text, privacy: .public)")
      case .error: logger.error("\(text, privacy: .public)")
      case .fault: logger.fault("\(text, privacy: .public)")
      }
    #else
      let line = "drawdoc[\(category)] \(level): \(text)\n"
      // One write call per message keeps lines from concurrent processes whole.
      try? FileDescriptor.standardError.writeAll(Array(line.utf8))
    #endif
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(os)
  import os
#endif

/// The severity of a diagnostic message, from the most to the least talkative.
public enum LogLevel: Int, Comparable, Sendable {
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
  public static let threshold: LogLevel = {
    guard let raw = getenv("DRAWDOC_LOG") else { return .error }
    switch String(cString: raw).lowercased() {
    case "debug": return .debug
    case "info": return .info
    default: return .error
    }
  }()

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// drawdoc's one logging facade: `os.Logger` on Apple platforms, standard error elsewhere,
/// filtered by `DRAWDOC_LOG=debug|info|error`. Diagnostics never go through `print`.
public struct Logger: Sendable {
  /// The part of drawdoc the messages come from, such as `svg` or `store`.
  public let category: String

  /// Makes a logger for one part of drawdoc.
  ///
  /// - Parameter category: A short name for the part, such as `svg`.
  public init(category: String) {
    self.category = category
  }

  /// Logs detail for finding problems.
  ///
  /// - Parameter message: The text, built only when the level is enabled.
  public func debug(_ message: @autoclosure () -> String) { log(.debug, message) }

  /// Logs progress worth knowing about.
  ///
  /// - Parameter message: The text, built only when the level is enabled.
  public func info(_ message: @autoclosure () -> String) { log(.info, message) }

  /// Logs a failure.
  ///
  /// - Parameter message: The text, built only when the level is enabled.
  public func error(_ message: @autoclosure () -> String) { log(.error, message) }

  /// Logs something that should be impossible.
  ///
  /// - Parameter message: The text, always built.
  public func fault(_ message: @autoclosure () -> String) { log(.fault, message) }

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
      var bytes = Array(line.utf8)
      // One write call per message keeps lines from concurrent processes whole.
      _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    #endif
  }
}

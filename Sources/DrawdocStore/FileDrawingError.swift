/// Why a ``FileDrawing`` could not be read or changed. Each message names the file, says what
/// was wrong and what would be right.
public enum FileDrawingError: Error, Equatable, Sendable {
  /// Nothing is at the path.
  case notFound(path: String)
  /// The file could not be read: its folder may not be entered, it is a folder, and so on.
  case unreadable(path: String, reason: String)
  /// The file is not a drawdoc drawing: the strict reader refused it at `line`:`column`. It is
  /// never rewritten; `drawdoc convert` imports it.
  case notADrawing(path: String, line: Int, column: Int, reason: String)
  /// The file's mode has no write bit (or this user may not write it): it is left as it is.
  case readOnlyFile(path: String, permissions: UInt16)
  /// The file's folder may not be written, so no new file can be made beside it to replace it.
  case readOnlyFolder(path: String, folder: String, reason: String)
  /// Another process held the file's lock for the whole wait.
  case locked(path: String, waitedSeconds: Double)
  /// A system call failed while reading or writing the file, or its lock file.
  case io(path: String, operation: String, reason: String)
}

extension FileDrawingError: CustomStringConvertible {
  /// What was wrong and what would be right, in one line.
  public var description: String {
    switch self {
    case .notFound(let path):
      return "'\(path)' does not exist: give the path of a drawdoc SVG file"
    case .unreadable(let path, let reason):
      return "cannot read '\(path)': \(reason)"
    case .notADrawing(let path, let line, let column, let reason):
      return "\(path):\(line):\(column): \(reason); '\(path)' is not a drawdoc drawing, which "
        + "drawdoc reads strictly and never rewrites: 'drawdoc convert \(path) OUT.svg' imports "
        + "it as a drawdoc file, OUT.svg, that drawdoc can change"
    case .readOnlyFile(let path, let permissions):
      return "'\(path)' is read-only (mode \(Self.octal(permissions))), so drawdoc leaves it as "
        + "it is: make it writable ('chmod u+w \(path)') to change it, or copy it into the "
        + "store ('drawdoc duplicate \(path)')"
    case .readOnlyFolder(let path, let folder, let reason):
      return "cannot change '\(path)': its folder '\(folder)' cannot be written (\(reason)), and "
        + "drawdoc replaces a file by writing the new one beside it: make the folder writable, "
        + "or copy the drawing into the store ('drawdoc duplicate \(path)')"
    case .locked(let path, let waited):
      return "'\(path)' stayed locked by another drawdoc process for \(waited) s: try again "
        + "when it has finished"
    case .io(let path, let operation, let reason):
      return "cannot \(operation) '\(path)': \(reason)"
    }
  }

  /// Permission bits as `chmod` writes them: `0644`.
  private static func octal(_ permissions: UInt16) -> String {
    let digits = String(permissions, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

/// Why `drawdoc git install` or `drawdoc git uninstall` could not do its work.
enum GitSetupError: Error, Equatable, CustomStringConvertible {
  /// No `git` on `PATH`; exits 69.
  case gitMissing
  /// The folder is in no git repository's work tree and `--global` was not given; `reason` is
  /// git's own message. Exits 66.
  case notARepository(folder: String, action: String, reason: String)
  /// A git command failed or could not start; `reason` is git's own message. Exits 74.
  case gitFailed(arguments: [String], status: Int32?, reason: String)
  /// An attributes file could not be read; exits 74.
  case unreadable(path: String, reason: String)
  /// An attributes file, or a folder for it, could not be written; exits 73.
  case unwritable(path: String, reason: String)

  var description: String {
    switch self {
    case .gitMissing:
      return "git is not installed: install it with 'apt-get install git' (Debian, Ubuntu), "
        + "'dnf install git' (Fedora) or 'brew install git' (macOS)"
    case .notARepository(let folder, let action, let reason):
      return "\(folder) is not in a git repository (git says '\(reason)'): run 'git init' "
        + "there to make one, or 'drawdoc git \(action) --global' for every repository of "
        + "this user"
    case .gitFailed(let arguments, let status, let reason):
      let ended = status.map { "exited with status \($0)" } ?? "could not start"
      return "'git \(arguments.joined(separator: " "))' \(ended): '\(reason)'"
    case .unreadable(let path, let reason):
      return "cannot read \(path): \(reason)"
    case .unwritable(let path, let reason):
      return "cannot write \(path): \(reason)"
    }
  }
}

import DrawdocStore

/// Why a sync did not happen. Each leaves the store as it was (what a step already brought in
/// stays: each step is a whole store operation, and the next sync completes the rest).
package enum SyncError: Error, Sendable {
  /// No `git` on `PATH`.
  case gitMissing
  /// The store has no remote, and none was given.
  case noRemote
  /// git could not reach the remote, or the remote refused; git's own words.
  case unreachable(remote: String, gitSays: String)
  /// The remote holds something other than a drawdoc store: what it holds instead.
  case notADrawdocStore(remote: String, reason: String)
  /// Another sync of this store kept it busy for longer than the wait allows.
  case busy(waitedSeconds: Double)
  /// Another machine pushed before each of this sync's pushes, for longer than the wait
  /// allows: the remote is busy, not refusing.
  case remoteKeptMoving(remote: String, pushes: Int, waitedSeconds: Double)
  /// A git command failed where it should not have; its words.
  case git(command: String, gitSays: String)
  /// The store could not be read or changed.
  case store(StoreError)
}

extension SyncError: CustomStringConvertible {
  /// Whether the store has no remote yet.
  package var isNoRemote: Bool {
    if case .noRemote = self { return true }
    return false
  }

  package var description: String {
    switch self {
    case .gitMissing:
      return "drawdoc sync needs git, and git is not installed (or not on PATH): install it "
        + "with 'apt-get install git' (Debian, Ubuntu), 'dnf install git' (Fedora) or "
        + "'brew install git' (macOS)"
    case .noRemote:
      return "this store has no remote yet: name one with 'drawdoc sync --remote URL' (any "
        + "URL git takes: a bare repository on disk, ssh, https)"
    case .unreachable(let remote, let says):
      return "cannot sync with \(remote): git says: \(says)"
    case .notADrawdocStore(let remote, let reason):
      return "\(remote) is not a drawdoc store: \(reason); give an empty repository, or one "
        + "that drawdoc sync filled"
    case .busy(let waited):
      return "another drawdoc sync of this store (or a program it started: git, ssh) kept its "
        + "lock for \(waited) s: try again when it has finished"
    case .remoteKeptMoving(let remote, let pushes, let waited):
      return "\(remote) kept moving: another machine pushed before each of this sync's "
        + "\(pushes) pushes, for \(waited) s (DRAWDOC_LOCK_TIMEOUT); what came in is in the "
        + "store, and what changed here is sent by the next sync: try again in a moment"
    case .git(let command, let says):
      return "git \(command) failed: \(says)"
    case .store(let error):
      return error.description
    }
  }
}

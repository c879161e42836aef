/// The exit statuses drawdoc documents in docs/format.md (and the man page).
enum ExitStatus: Int32, CaseIterable {
  /// The command did what it was asked.
  case success = 0
  /// `hit` found no rectangle at the point.
  case notFound = 1
  /// The command line is wrong: unknown command or option, missing or malformed value.
  case usage = 64
  /// A file's content is not what it must be.
  case dataError = 65
  /// No such drawing, rectangle or file.
  case noInput = 66
  /// A program drawdoc needs (git) is missing, or a remote cannot be reached or refused.
  case unavailable = 69
  /// The output cannot be created.
  case cannotCreate = 73
  /// Another input or output error.
  case ioError = 74
  /// The store stayed locked by another process.
  case temporaryFailure = 75

  /// `diff` found differences (1, as diff(1) exits).
  static let different = ExitStatus.notFound
  /// `merge` found conflicts (1, as git's merge drivers exit).
  static let conflicts = ExitStatus.notFound

  /// A few words for `drawdoc --help`.
  var summary: String {
    switch self {
    case .success: return "success"
    case .notFound: return "nothing found"
    case .usage: return "usage error"
    case .dataError: return "bad input data"
    case .noInput: return "no such drawing, rectangle or file"
    case .unavailable: return "git missing or remote unreachable"
    case .cannotCreate: return "cannot create output"
    case .ioError: return "other I/O error"
    case .temporaryFailure: return "store locked or remote busy"
    }
  }

  /// Every case the status covers, for the man page.
  var meaning: String {
    switch self {
    case .success:
      return "Success."
    case .notFound:
      return "hit found no rectangle at the point; undo or redo had nothing to do; diff found "
        + "differences; merge or sync found conflicts."
    case .usage:
      return "Usage error: an unknown command or option, a missing argument, a value on the "
        + "command line that is out of range or malformed, an ambiguous title."
    case .dataError:
      return "Bad input data: a file's content is not what it must be (or save --strict "
        + "refused a file that raised warnings, or a sync remote is not a drawdoc store, or "
        + "a sync left drawings out, or a file of the store's access records is damaged)."
    case .noInput:
      return "No such drawing, version, rectangle or file, or the drawing is in the trash; "
        + "no paired device or shared link of that name or id (devices revoke, share "
        + "--revoke); git install or uninstall without --global outside a git repository."
    case .unavailable:
      return "A program drawdoc needs is missing (git, for git install, git uninstall and "
        + "sync), or a sync remote cannot be reached or refused what was sent; git's own "
        + "message is quoted."
    case .cannotCreate:
      return "The output cannot be created; also, the store may be read but not changed."
    case .ioError:
      return "Another input or output error."
    case .temporaryFailure:
      return "The store stayed locked by another process, or a sync's remote kept moving "
        + "(see DRAWDOC_LOCK_TIMEOUT)."
    }
  }
}

/// The exit statuses of SPEC §4.
enum ExitStatus: Int32 {
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
}

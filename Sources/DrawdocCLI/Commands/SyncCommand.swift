import DrawdocEditing
import DrawdocModel
import DrawdocSync
import DrawdocSystem

/// `drawdoc sync`: keeps one store on many machines through a git remote.
struct SyncCommand: Command {
  static let name = "sync"
  static let abstract =
    "Sync the store with a git remote: send what changed here, bring in the rest."
  static let usage = "drawdoc sync [--remote URL] [--status] [--json]"
  static let arguments: [ArgumentSpecification] = []
  static let options: [OptionSpecification] = [
    .value(
      "remote", placeholder: "URL",
      help: "Sync with this git remote from now on (a bare repository on disk, ssh, https)."),
    .flag("status", help: "Say how many drawings changed here and there; change nothing."),
    .flag("json", help: "Print the result as JSON (Schema/drawdoc-sync*.schema.json)."),
    StoreAccess.option,
  ]
  static let discussion = """
    The first sync names the remote (--remote URL); later ones use it. A sync commits the
    current version of every drawing (history, thumbnails and the index stay local), fetches,
    merges rectangle by rectangle as 'drawdoc merge' does, brings each drawing the other side
    changed into the store as a new version (open pages and 'watch' follow), and pushes. A
    drawing deleted on one side goes to the trash on the other; one changed on one side and
    deleted on the other is kept, on both. Conflicts keep this store's values, are listed on
    standard error one per line, and the exit status is 1. git does the transport and the
    credentials; the sync's own repository is in the store's sync/ folder.
    A drawing this drawdoc cannot bring in (damaged here, or in a newer format version) is
    left as it is on both sides, listed as "not brought in", and tried again by the next
    sync; the exit status is then 65.
    Exit status 69: git is not installed, or the remote cannot be reached or refused;
    65: the remote holds something other than a drawdoc store, or drawings were not brought
    in; 75: another sync of this store, or other machines' pushes, kept it waiting for
    longer than DRAWDOC_LOCK_TIMEOUT.
    """

  let arguments: ParsedArguments
  let remote: String?
  let status: Bool
  let json: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 0)
    self.arguments = arguments
    remote = arguments.value("remote")
    status = arguments.flag("status")
    json = arguments.flag("json")
    if let remote, remote.isEmpty || remote.hasPrefix("-") {
      throw .invalidValue(
        command: Self.name, option: "remote", value: remote,
        expected: "a URL git takes, such as /srv/drawings.git or git@host:drawings.git")
    }
    if status, remote != nil {
      throw .invalidValue(
        command: Self.name, option: "status", value: "--status",
        expected: "no --remote: the status is that of the remote the store syncs with")
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let sync = StoreSync(store: store, environment: context.environment)
    // git runs in the store's sync folder: a relative path is this folder's.
    var remote = remote
    if let given = remote, !given.hasPrefix("/"), FileSystem.exists(given) {
      remote = "\(GitSetup.currentFolder(context.environment))/\(given)"
    }
    if status {
      let found = try sync.status(fetching: true)
      context.standardOutput.write(
        json ? SyncView.json(found).document : Array(Self.text(found).utf8))
      return .success
    }
    let report = try sync.sync(remote: remote)
    if json {
      context.standardOutput.write(SyncView.json(report).document)
    } else {
      context.standardOutput.write(SyncView.text(report))
    }
    for conflict in report.conflicts {
      context.standardError.writeLine("conflict: \(SyncView.text(conflict))")
    }
    if !report.conflicts.isEmpty {
      let count = report.conflicts.count
      context.standardError.writeLine(
        "\(count) conflict\(count == 1 ? "" : "s"): this store's values are kept, and sent")
    }
    if !report.complete {
      context.standardError.writeLine(
        "\(SyncView.drawings(report.refused.count)) not brought in: each is left as it is "
          + "here and on the remote, and the next sync tries again")
      return .dataError
    }
    return report.conflicts.isEmpty ? .success : .conflicts
  }

  // MARK: - Text

  static func text(_ status: SyncStatus) -> String {
    guard let remote = status.remote else {
      return "no remote: 'drawdoc sync --remote URL' names one and syncs\n"
    }
    let last = status.lastSync.map { LocalTime.format($0) } ?? "never"
    return "remote: \(remote)\nlast sync: \(last)\n"
      + "changed here: \(SyncView.drawings(status.changedHere))\n"
      + "changed there: \(SyncView.drawings(status.changedThere))\n"
      + (status.leftOut == 0 ? "" : "not brought in: \(SyncView.drawings(status.leftOut))\n")
  }
}

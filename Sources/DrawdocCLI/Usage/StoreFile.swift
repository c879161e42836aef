/// A file or folder of the store, for the man page's FILES section.
struct StoreFile {
  /// Its path inside the store.
  let path: String
  /// What it holds.
  let meaning: String

  /// Everything drawdoc keeps in a store, in the order DrawdocStore's article Store.md
  /// lists it.
  static let all: [StoreFile] = [
    StoreFile(path: "drawings/<id>.svg", meaning: "The truth: one drawdoc file per drawing."),
    StoreFile(
      path: "history/<id>/",
      meaning: "A drawing's versions: <n>.svg (hard links, no copies) and versions.log (one "
        + "JSON line per version: what made it, its undo and redo steps, its file's identity)."),
    StoreFile(
      path: "trash/<id>.svg",
      meaning: "Deleted drawings; their histories stay in history/<id>/."),
    StoreFile(
      path: "changes.log",
      meaning: "The change journal that watch follows: one JSON line per change, in the "
        + "store's order."),
    StoreFile(
      path: "thumbnails/<id>.png",
      meaning: "A cache: the drawing at most 256 px on its long side."),
    StoreFile(
      path: "index.json",
      meaning: "A cache: id, title, times, rectangle count, canvas size, and each file's size "
        + "and modification time; rebuilt when missing, damaged or stale."),
    StoreFile(
      path: "index.log",
      meaning: "The index records written since index.json, one line per change."),
    StoreFile(
      path: "settings.json",
      meaning: "The store's settings (config), if any are set."),
    StoreFile(
      path: "access/",
      meaning: "Who may reach the app served to the network (mode 0700): devices.json (the "
        + "paired devices), links.json (the shared links) and pairing-codes.json, each mode "
        + "0600, tokens and codes kept only as SHA-256 hashes."),
    StoreFile(path: "tmp/", meaning: "Temporary files while they are written."),
    StoreFile(path: ".lock", meaning: "The store lock (flock), held by every change."),
    StoreFile(
      path: ".changes.pending",
      meaning:
        "While a change is made: the event it will append to changes.log (empty between "
        + "changes)."),
  ]
}

import DrawdocCLI
import DrawdocModel
import DrawdocSVG
import Foundation
import Testing

/// A fresh sandbox, shared by the command-line test suites: a store at `<root>/store` named by
/// `DRAWDOC_STORE`, and a `<root>/work` folder for input and output files. Removed when the
/// value goes away.
final class Sandbox: Sendable {
  let root: String
  let store: String
  let work: String
  /// The environment of every run: PATH and HOME passed through, the store, and UTC times.
  let environment: [String: String]

  init() throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-cli-\(UUID().uuidString)").path
    store = "\(root)/store"
    work = "\(root)/work"
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let inherited = ProcessInfo.processInfo.environment
    environment = [
      "PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": inherited["HOME"] ?? root,
      "DRAWDOC_STORE": store, "TZ": "UTC",
    ]
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  // MARK: Running commands

  /// Runs a command in this process, through `DrawdocCLI.run` as the binary's `main.swift`
  /// does, in the sandbox's environment with `extra` on top: its exit status and everything it
  /// wrote. Commands are tested this way unless the process itself matters.
  func run(_ arguments: [String], extra: [String: String] = [:]) -> CommandResult {
    drawdoc(arguments, environment: environment.merging(extra) { $1 })
  }

  /// Runs the built binary as a process of its own, for what only a process shows: the exit
  /// status the system reports, real standard streams and standard input, the time zone `TZ`
  /// sets, another process holding the lock, another user (a `launcher` such as `setpriv`),
  /// valgrind or GNU time around it.
  func runBinary(
    _ arguments: [String], input: Data? = nil, extra: [String: String] = [:],
    launcher: [String] = []
  ) throws -> CommandResult {
    try DrawdocCLITests.runBinary(
      arguments, input: input, environment: environment.merging(extra) { $1 }, launcher: launcher)
  }

  /// Runs a command in this process and expects success with nothing on standard error;
  /// returns what it wrote to standard output.
  @discardableResult
  func succeed(_ arguments: String..., sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> String
  {
    succeed(arguments, sourceLocation: sourceLocation)
  }

  /// Runs a command in this process and expects success with nothing on standard error;
  /// returns what it wrote to standard output.
  @discardableResult
  func succeed(_ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> String
  {
    expectSuccess(run(arguments), arguments, sourceLocation: sourceLocation)
  }

  /// Runs the built binary and expects success with nothing on standard error; returns what
  /// it wrote to standard output.
  @discardableResult
  func succeedBinary(
    _ arguments: [String], input: Data? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> String {
    expectSuccess(
      try runBinary(arguments, input: input), arguments, sourceLocation: sourceLocation)
  }

  private func expectSuccess(
    _ result: CommandResult, _ arguments: [String], sourceLocation: Testing.SourceLocation
  ) -> String {
    #expect(
      result.status == 0, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
    #expect(result.standardError == "", "\(arguments)", sourceLocation: sourceLocation)
    return result.standardOutput
  }

  /// `new …` in this process; returns the printed id.
  func newDrawing(_ arguments: String..., sourceLocation: Testing.SourceLocation = #_sourceLocation)
    throws -> String
  {
    let result = run(["new"] + arguments)
    #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    let id = try #require(singleId(result.standardOutput), sourceLocation: sourceLocation)
    return id
  }

  /// `add DOC …` in this process; returns the printed ids.
  @discardableResult
  func add(
    _ document: String, _ arguments: String...,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> [String] {
    let result = run(["add", document] + arguments)
    #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    return result.standardOutput.split(separator: "\n").map(String.init)
  }

  /// `open DOC --json`, decoded.
  func openJSON(_ document: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    throws
    -> DrawingForm
  {
    let result = run(["open", document, "--json"])
    #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    return try JSONDecoder().decode(DrawingForm.self, from: Data(result.standardOutput.utf8))
  }

  /// `list --json`, decoded.
  func listJSON(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [ListRow] {
    let result = run(["list", "--json"])
    #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    return try JSONDecoder().decode([ListRow].self, from: Data(result.standardOutput.utf8))
  }

  /// Writes a file into the work folder and returns its path.
  @discardableResult
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = "\(work)/\(name)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Writes a text file into the work folder and returns its path.
  @discardableResult
  func file(_ name: String, _ text: String) throws -> String {
    try file(name, Array(text.utf8))
  }

  func read(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Puts a drawing file straight into the store, as another program (or an older drawdoc)
  /// would; the index then no longer matches.
  func plant(_ drawing: Drawing) throws {
    try FileManager.default.createDirectory(
      atPath: "\(store)/drawings", withIntermediateDirectories: true)
    try Data(SVGEncoder.encode(drawing)).write(
      to: URL(fileURLWithPath: "\(store)/drawings/\(drawing.id).svg"))
  }

  /// Every file and folder below the sandbox: relative path → bytes (folders end in `/`).
  func snapshot() throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return result }
    for case let relative as String in enumerator {
      let full = "\(root)/\(relative)"
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
      result[isFolder.boolValue ? relative + "/" : relative] =
        isFolder.boolValue ? [] : try read(full)
    }
    return result
  }
}

/// The JSON form of a drawing (docs/format.md; `Schema/drawdoc.schema.json`).
struct DrawingForm: Decodable, Equatable {
  var format: String
  var version: Int
  var id: String
  var title: String
  var width: Double
  var height: Double
  var created: String
  var modified: String
  var rectangles: [RectangleForm]
}

struct RectangleForm: Decodable, Equatable {
  var id: String
  var x: Double
  var y: Double
  var width: Double
  var height: Double
  var color: String
  var alpha: Int
}

/// One object of `list --json`.
struct ListRow: Decodable, Equatable {
  var id: String
  var title: String
  var rectangles: Int
  var width: Double
  var height: Double
  var created: String
  var modified: String
}

/// The id if `text` is exactly one id and a line feed.
func singleId(_ text: String) -> String? {
  guard text.wholeMatch(of: #/[a-z0-9]{3}-[a-z0-9]{3}-[a-z0-9]{3}\n/#) != nil else { return nil }
  return String(text.dropLast())
}

/// Whether `text` is exactly one id.
func isId(_ text: String) -> Bool {
  text.wholeMatch(of: #/[a-z0-9]{3}-[a-z0-9]{3}-[a-z0-9]{3}/#) != nil
}

/// The path of a file of `Samples/`.
func sample(_ name: String) -> String {
  repositoryRoot.appendingPathComponent("Samples/\(name)").path
}

/// The bytes of a file of `Samples/`.
func sampleBytes(_ name: String) throws -> [UInt8] {
  Array(try Data(contentsOf: URL(fileURLWithPath: sample(name))))
}

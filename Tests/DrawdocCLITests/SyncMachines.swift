import Foundation
import Testing

/// Two stores standing for two machines, A and B, and a bare git repository as their remote,
/// all in one sandbox, with the real `git` and nothing of the machine's git configuration.
final class SyncMachines {
  let box: Sandbox
  let remote: String
  let environment: [String: String]

  init() throws {
    box = try Sandbox()
    remote = "\(box.root)/remote.git"
    var environment = box.environment
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["DRAWDOC_STORE"] = nil
    self.environment = environment
    try #require(gitIsOnPath(), "drawdoc sync's tests need git: apt-get install git")
    let made = try git(["init", "--quiet", "--bare", remote])
    try #require(made.status == 0, "\(made.standardError)")
  }

  /// The folder of a machine's store.
  func store(_ machine: String) -> String { "\(box.root)/\(machine)" }

  /// Runs a command on a machine, in this process.
  @discardableResult
  func run(_ machine: String, _ arguments: String..., extra: [String: String] = [:])
    -> CommandResult
  {
    run(machine, arguments, extra: extra)
  }

  /// Runs a command on a machine, in this process.
  func run(_ machine: String, _ arguments: [String], extra: [String: String] = [:])
    -> CommandResult
  {
    drawdoc(
      ["--store", store(machine)] + arguments, environment: environment.merging(extra) { $1 })
  }

  /// Runs a command on a machine that must succeed with nothing on standard error; returns its
  /// output.
  @discardableResult
  func succeed(
    _ machine: String, _ arguments: String...,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> String {
    let result = run(machine, arguments)
    #expect(
      result.status == 0, "\(machine): \(arguments): \(result.standardError)",
      sourceLocation: sourceLocation)
    #expect(result.standardError == "", "\(arguments)", sourceLocation: sourceLocation)
    return result.standardOutput
  }

  /// `sync`, which must succeed (exit 0) on the machine; returns its output.
  @discardableResult
  func sync(_ machine: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> String
  {
    let firstTime = !FileManager.default.fileExists(atPath: "\(store(machine))/sync/remote")
    let result = run(machine, firstTime ? ["sync", "--remote", remote] : ["sync"])
    #expect(
      result.status == 0, "\(machine): sync: \(result.standardError)",
      sourceLocation: sourceLocation)
    return result.standardOutput
  }

  /// Makes a drawing on a machine; returns its id.
  func newDrawing(_ machine: String, _ arguments: String...) throws -> String {
    try newDrawing(machine, arguments)
  }

  /// Makes a drawing on a machine; returns its id.
  func newDrawing(_ machine: String, _ arguments: [String]) throws -> String {
    let result = run(machine, ["new"] + arguments)
    try #require(result.status == 0, "\(result.standardError)")
    return try #require(singleId(result.standardOutput))
  }

  /// Makes a drawing on A (with `new`'s arguments), then syncs A and B, which both hold it
  /// (with what else A held); returns its id and its first rectangle's, if it has one.
  func drawingOnBoth(_ arguments: String...) throws -> (id: String, rectangle: String?) {
    let id = try newDrawing("A", arguments)
    sync("A")
    sync("B")
    return (id, try rectangles("A", id).first)
  }

  /// The rectangles' ids of a drawing on a machine, bottom first.
  func rectangles(_ machine: String, _ document: String) throws -> [String] {
    let result = run(machine, "open", document, "--json")
    try #require(result.status == 0, "\(result.standardError)")
    return try JSONDecoder().decode(DrawingForm.self, from: Data(result.standardOutput.utf8))
      .rectangles.map(\.id)
  }

  /// The drawing files of a machine's store: id → bytes.
  func drawingFiles(_ machine: String) throws -> [String: [UInt8]] {
    let folder = "\(store(machine))/drawings"
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder)
    where name.hasSuffix(".svg") {
      files[String(name.dropLast(4))] = try box.read("\(folder)/\(name)")
    }
    return files
  }

  /// The drawings in a machine's trash, by id.
  func trashed(_ machine: String) throws -> Set<String> {
    let folder = "\(store(machine))/trash"
    guard FileManager.default.fileExists(atPath: folder) else { return [] }
    return Set(
      try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) })
  }

  /// Every file of a machine's store but the sync's own folder: relative path → bytes.
  func storeSnapshot(_ machine: String) throws -> [String: [UInt8]] {
    try box.snapshot().filter {
      $0.key.hasPrefix("\(machine)/") && !$0.key.hasPrefix("\(machine)/sync/")
        && !$0.key.hasPrefix("\(machine)/.lock")
    }
  }

  /// Runs a command on a machine through the real binary, in the sandbox's folder.
  @discardableResult
  func runBinary(
    _ machine: String, _ arguments: [String], extra: [String: String] = [:]
  ) throws -> CommandResult {
    try runProgram(
      drawdocExecutable.path, ["--store", store(machine)] + arguments,
      environment: environment.merging(extra) { $1 }, in: box.root)
  }

  /// The bytes of a file of the remote's `main`, or `nil` when it has none there.
  func remoteFile(_ path: String) throws -> [UInt8]? {
    let shown = try git(["--git-dir", remote, "cat-file", "blob", "main:\(path)"])
    return shown.status == 0 ? Array(shown.standardOutput.utf8) : nil
  }

  /// Runs git in the sandbox, which must succeed; returns its output without the newline.
  @discardableResult
  func gitOutput(_ arguments: [String], input: [UInt8]? = nil) throws -> String {
    let result = try runProgram(
      "/usr/bin/env", ["git"] + arguments, input: input.map { Data($0) },
      environment: environment, in: box.root)
    try #require(result.status == 0, "git \(arguments): \(result.standardError)")
    return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Writes a blob into the remote; returns its hash.
  func hashObject(_ bytes: [UInt8]) throws -> String {
    try gitOutput(["--git-dir", remote, "hash-object", "-w", "--stdin"], input: bytes)
  }

  /// Writes a tree into the remote as it is given, in its order, whatever git would say of it
  /// (`hash-object --literally`); returns its hash.
  func tree(_ entries: [(mode: String, name: String, hash: String)]) throws -> String {
    var bytes: [UInt8] = []
    for entry in entries {
      bytes += Array("\(entry.mode) \(entry.name)".utf8) + [0]
      var hex = entry.hash.utf8.makeIterator()
      while let high = hex.next(), let low = hex.next() {
        bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) ?? 0)
      }
    }
    return try gitOutput(
      ["--git-dir", remote, "hash-object", "-t", "tree", "--literally", "-w", "--stdin"],
      input: bytes)
  }

  /// Runs git in the sandbox.
  func git(_ arguments: [String], in folder: String? = nil) throws -> CommandResult {
    try runProgram(
      "/usr/bin/env", ["git"] + arguments, environment: environment, in: folder ?? box.root)
  }

  private func gitIsOnPath() -> Bool {
    (environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/git")
    }
  }
}

extension SyncMachines {
  /// One rectangle of a drawing on a machine, from `open --json`.
  func openRectangle(_ machine: String, _ document: String, _ rectangle: String) throws
    -> RectangleForm?
  {
    let result = run(machine, "open", document, "--json")
    try #require(result.status == 0, "\(result.standardError)")
    return try JSONDecoder().decode(DrawingForm.self, from: Data(result.standardOutput.utf8))
      .rectangles.first { $0.id == rectangle }
  }
}

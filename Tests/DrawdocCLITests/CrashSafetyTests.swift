import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Crash safety (issue 7, item 3): `save`, `add` and `delete` are killed with SIGKILL at random
/// moments; afterwards the store must hold exactly the old or the new version of the drawing,
/// open fine, and list fine. Each test prints how often each outcome happened.
@Suite(.serialized) struct CrashSafetyTests {
  /// Kills per command.
  static let iterations = 30
  /// Rectangles of the big new version for `save` (about 106 bytes each: ~10.6 MB of SVG).
  static let bigRectangles = 100_000
  /// Rectangles one `add` adds.
  static let addCount = 20_000

  @Test func saveKilledAtRandomMomentsLeavesTheOldOrTheNewVersion() throws {
    let sandbox = try Sandbox()
    let document = try sandbox.newDrawing("--random", "50", "--seed", "1")
    let old = try Version(sandbox, document)
    let bigFile = try sandbox.file(
      "big.svg", bigDrawingText(id: document, rectangles: Self.bigRectangles))
    let arguments = ["save", bigFile, "--replace", document]

    // One full run: its duration bounds the kill delays, and its result is the new version.
    let duration = try timedRun(sandbox, arguments)
    let new = try Version(sandbox, document)
    #expect(new.rectangles == Self.bigRectangles)
    #expect(new.json != old.json)
    try old.putBack(sandbox)

    let tally = try killRepeatedly(sandbox, arguments, within: duration) { ending, context in
      try inspect(sandbox, ending: ending, old: old, new: new, context: "save, \(context)")
    }
    try finish(sandbox, tally, command: "save big.svg --replace DOC", duration: duration)
  }

  @Test func addKilledAtRandomMomentsLeavesTheOldOrTheNewCount() throws {
    let sandbox = try Sandbox()
    let document = try sandbox.newDrawing("--random", "50", "--seed", "1")
    let old = try Version(sandbox, document)
    // A fixed seed on the same old drawing adds the same rectangles every time, so the new
    // version is known exactly, not just its count.
    let arguments = ["add", document, "--count", "\(Self.addCount)", "--seed", "7"]

    let duration = try timedRun(sandbox, arguments)
    let new = try Version(sandbox, document)
    #expect(new.rectangles == old.rectangles + Self.addCount)
    try old.putBack(sandbox)

    let tally = try killRepeatedly(sandbox, arguments, within: duration) { ending, context in
      try inspect(sandbox, ending: ending, old: old, new: new, context: "add, \(context)")
    }
    try finish(
      sandbox, tally, command: "add DOC --count \(Self.addCount) --seed 7", duration: duration)
  }

  @Test func deleteKilledAtRandomMomentsLeavesTheDrawingIntactOrGone() throws {
    let sandbox = try Sandbox()
    let document = try sandbox.newDrawing("--random", "50", "--seed", "1")
    let old = try Version(sandbox, document)
    let arguments = ["delete", document]

    let duration = try timedRun(sandbox, arguments)
    let gone = try sandbox.run(["open", document, "--json"])
    #expect(gone.status == 66, "\(gone.standardError)")
    try old.putBack(sandbox)

    let tally = try killRepeatedly(sandbox, arguments, within: duration) { ending, context in
      try inspectDeletion(sandbox, ending: ending, old: old, context: "delete, \(context)")
    }
    try finish(sandbox, tally, command: "delete DOC", duration: duration, newName: "deleted")
  }
}

// MARK: - Versions

/// One version of the drawing: its file in the store and its `open --json` form.
private struct Version {
  let document: String
  /// The drawing file's bytes.
  let file: Data
  /// The JSON form, its modification time blanked.
  let json: String
  let rectangles: Int

  /// The version the store holds now.
  init(_ sandbox: Sandbox, _ document: String) throws {
    self.document = document
    file = try Data(contentsOf: URL(fileURLWithPath: drawingPath(sandbox, document)))
    let text = try openJSONText(sandbox, document)
    json = normalized(text)
    rectangles = rectangleCount(text)
  }

  /// Puts this version's file back into the store, as another program (or a backup) would;
  /// the index and the thumbnail catch up on the next command. Checks it opens as before.
  func putBack(_ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try file.write(to: URL(fileURLWithPath: drawingPath(sandbox, document)), options: .atomic)
    let back = try openJSONText(sandbox, document)
    #expect(
      normalized(back) == json, "the version did not come back", sourceLocation: sourceLocation)
  }
}

private func drawingPath(_ sandbox: Sandbox, _ document: String) -> String {
  "\(sandbox.store)/drawings/\(document).svg"
}

// MARK: - Running and killing

/// How a killed run ended.
private enum Ending {
  /// SIGKILL arrived while it ran.
  case killed
  /// It had already exited, with this status, when the signal was due.
  case finished(Int32)
}

/// Runs the binary to the end and returns its wall-clock duration in seconds.
private func timedRun(_ sandbox: Sandbox, _ arguments: [String]) throws -> Double {
  let start = Date()
  let result = try sandbox.run(arguments)
  let duration = Date().timeIntervalSince(start)
  #expect(result.status == 0, "\(arguments): \(result.standardError)")
  #expect(result.standardError == "", "\(arguments)")
  return duration
}

/// Starts the binary, waits a random time between 0 and `duration`, sends SIGKILL and waits
/// for it.
private func runAndKill(_ sandbox: Sandbox, _ arguments: [String], within duration: Double)
  throws -> Ending
{
  let process = Process()
  process.executableURL = drawdocExecutable
  process.arguments = arguments
  process.environment = sandbox.environment
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  let delay = Double.random(in: 0...duration)
  try process.run()
  Thread.sleep(forTimeInterval: delay)
  if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  process.waitUntilExit()
  if process.terminationReason == .uncaughtSignal {
    #expect(process.terminationStatus == SIGKILL, "\(arguments) died of another signal")
    return .killed
  }
  #expect(process.terminationStatus == 0, "\(arguments) finished with a failure")
  return .finished(process.terminationStatus)
}

/// Kills the command `CrashSafetyTests.iterations` times; after each kill, `inspect` judges
/// the store, and a store left with the new version gets the old one back.
private func killRepeatedly(
  _ sandbox: Sandbox, _ arguments: [String], within duration: Double,
  inspect: (Ending, String) throws -> (Outcome, Version?)
) throws -> Tally {
  var tally = Tally()
  for iteration in 0..<CrashSafetyTests.iterations {
    let ending = try runAndKill(sandbox, arguments, within: duration)
    let (outcome, restore) = try inspect(ending, "iteration \(iteration)")
    tally.count(outcome, ending)
    try restore?.putBack(sandbox)
  }
  return tally
}

// MARK: - Checking

/// What the store held after a kill.
private enum Outcome: Equatable {
  case old
  /// The new version (for `delete`: the drawing is gone).
  case new
  case other
}

/// `open DOC --json` as text, expecting success.
private func openJSONText(_ sandbox: Sandbox, _ document: String) throws -> String {
  let result = try sandbox.run(["open", document, "--json"])
  #expect(result.status == 0, "open \(document): \(result.standardError)")
  return result.standardOutput
}

/// The JSON form with its modification time blanked: `save` and `add` stamp the time of the
/// run; everything else must match exactly. Only the header is searched, so a form of many
/// megabytes costs one copy.
private func normalized(_ json: String) -> String {
  let header = String(json.prefix(600))
  guard let key = header.range(of: "\"modified\": \""),
    let end = header[key.upperBound...].firstIndex(of: "\"")
  else { return json }
  let offset = header.distance(from: header.startIndex, to: end)
  return String(header[..<key.upperBound]) + "*" + String(json.dropFirst(offset))
}

/// How many rectangles a JSON form has: one `"id"` per rectangle besides the drawing's own.
private func rectangleCount(_ json: String) -> Int {
  json.components(separatedBy: "{\"id\": ").count - 1
}

/// The `.*.tmp` files a killed write may leave in the store's folders.
private func leftovers(_ sandbox: Sandbox) -> [String] {
  ["drawings", "thumbnails", ""].flatMap { folder -> [String] in
    let path = folder.isEmpty ? sandbox.store : "\(sandbox.store)/\(folder)"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }.map { "\(folder)/\($0)" }
  }
}

/// `list --json` must succeed and list the drawing iff it exists, with the given count.
private func checkListing(
  _ sandbox: Sandbox, _ document: String, rectangles: Int?, context: String
) throws {
  let result = try sandbox.run(["list", "--json"])
  #expect(result.status == 0, "\(context): list failed: \(result.standardError)")
  guard result.status == 0 else { return }
  let rows = try JSONDecoder().decode([ListRow].self, from: Data(result.standardOutput.utf8))
  let row = rows.first { $0.id == document }
  #expect(row?.rectangles == rectangles, "\(context): list shows \(String(describing: row))")
  #expect(rows.count == (rectangles == nil ? 0 : 1), "\(context): list shows \(rows)")
}

/// Keeps a copy of the store for a reproduction and returns where it is.
private func keepEvidence(_ sandbox: Sandbox) -> String {
  let target = FileManager.default.temporaryDirectory
    .appendingPathComponent("drawdoc-crash-evidence-\(UUID().uuidString)").path
  try? FileManager.default.copyItem(atPath: sandbox.store, toPath: target)
  return target
}

/// After a killed `save` or `add`: the drawing opens and is exactly the old or the new version,
/// and `list` shows it with the same count. Returns the version to put back, if any.
private func inspect(
  _ sandbox: Sandbox, ending: Ending, old: Version, new: Version, context: String
) throws -> (Outcome, Version?) {
  let result = try sandbox.run(["open", old.document, "--json"])
  let found = result.status == 0 ? normalized(result.standardOutput) : ""
  let outcome: Outcome = found == old.json ? .old : found == new.json ? .new : .other
  if outcome == .other {
    let evidence = keepEvidence(sandbox)
    Issue.record(
      """
      \(context) (\(ending)): the store holds neither the old nor the new version. \
      open exited \(result.status), stderr: \(result.standardError.prefix(500)); \
      \(rectangleCount(result.standardOutput)) rectangles; \
      leftovers: \(leftovers(sandbox)); store kept at \(evidence)
      """)
  }
  if case .finished = ending { #expect(outcome == .new, "\(context): finished but not new") }
  let count =
    switch outcome {
    case .old: old.rectangles
    case .new: new.rectangles
    case .other: rectangleCount(result.standardOutput)
    }
  try checkListing(sandbox, old.document, rectangles: count, context: context)
  return (outcome, outcome == .old ? nil : old)
}

/// After a killed `delete`: the drawing opens intact, or is gone with exit status 66 (no such
/// drawing), and `list` agrees. Returns the version to put back, if any.
private func inspectDeletion(
  _ sandbox: Sandbox, ending: Ending, old: Version, context: String
) throws -> (Outcome, Version?) {
  let result = try sandbox.run(["open", old.document, "--json"])
  let outcome: Outcome
  if result.status == 0 && normalized(result.standardOutput) == old.json {
    outcome = .old
  } else if result.status == 66 && result.standardError.contains("is in the trash")
    && result.standardOutput.isEmpty
  {
    outcome = .new
  } else {
    outcome = .other
    let evidence = keepEvidence(sandbox)
    Issue.record(
      """
      \(context) (\(ending)): the drawing is neither intact nor gone. \
      open exited \(result.status), stderr: \(result.standardError.prefix(500)); \
      store kept at \(evidence)
      """)
  }
  if case .finished = ending { #expect(outcome == .new, "\(context): finished but not gone") }
  try checkListing(
    sandbox, old.document, rectangles: outcome == .old ? old.rectangles : nil, context: context)
  return (outcome, outcome == .old ? nil : old)
}

// MARK: - Reporting

/// How often each outcome happened.
private struct Tally {
  var old = 0
  var new = 0
  var other = 0
  /// Runs that had already exited when the signal was due.
  var finishedBeforeKill = 0

  mutating func count(_ outcome: Outcome, _ ending: Ending) {
    switch outcome {
    case .old: old += 1
    case .new: new += 1
    case .other: other += 1
    }
    if case .finished = ending { finishedBeforeKill += 1 }
  }
}

/// Prints the tally and checks the store is still usable with whatever the kills left behind.
private func finish(
  _ sandbox: Sandbox, _ tally: Tally, command: String, duration: Double, newName: String = "new"
) throws {
  let left = leftovers(sandbox)
  print(
    """
    crash safety, \(command): full run \(String(format: "%.3f", duration)) s; \
    \(tally.old + tally.new + tally.other) kills: old \(tally.old), \(newName) \(tally.new), \
    other \(tally.other) (finished before the kill: \(tally.finishedBeforeKill)); \
    temporary files left: \(left.count)
    """)
  #expect(tally.other == 0)
  #expect(tally.old + tally.new == CrashSafetyTests.iterations)
  let list = try sandbox.run(["list"])
  #expect(list.status == 0, "list with \(left.count) leftovers: \(list.standardError)")
}

// MARK: - The big version

/// A drawdoc SVG file (the format of `Samples/`) with `rectangles` rectangles and the root
/// data-id `id`, so `save --replace` makes it a new version of that drawing.
private func bigDrawingText(id: String, rectangles: Int) -> String {
  let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  func next(_ bound: UInt64) -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return (state >> 33) % bound
  }
  var lines = [
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"768\" "
      + "viewBox=\"0 0 1024 768\" data-drawdoc=\"1\" data-id=\"\(id)\" "
      + "data-created=\"2026-11-21T08:00:00Z\" data-modified=\"2026-11-21T08:05:12Z\">",
    "  <title>Big new version</title>",
  ]
  lines.reserveCapacity(rectangles + 4)
  for index in 0..<rectangles {
    var name: [Character] = []
    var rest = index
    for position in 0..<9 {
      name.append(digits[rest % 36])
      rest /= 36
      if position == 2 || position == 5 { name.append("-") }
    }
    let color = String(next(0x100_0000), radix: 16)
    let padded = String(repeating: "0", count: 6 - color.count) + color
    lines.append(
      "  <rect data-id=\"\(String(name))\" x=\"\(next(874))\" y=\"\(next(648))\" "
        + "width=\"150\" height=\"120\" fill=\"#\(padded)\" "
        + "fill-opacity=\"0.\(next(9) + 1)\"/>")
  }
  lines.append("</svg>")
  return lines.joined(separator: "\n") + "\n"
}

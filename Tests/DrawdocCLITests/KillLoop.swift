import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The machinery of the crash-safety tests: killing a command at random moments and tallying
// what each kill left; DrawingProbe.swift checks that the drawing, its history, the listing,
// the trash and the change journal agree. The store is brought back between kills with
// drawdoc's own commands, never by writing its files. Only the killed runs, and the full run
// that times them, start the binary: the checks and the commands that bring the store back run
// in this process.

// MARK: - Contents

/// A drawing as `open --json` shows it, its modification time blanked: every change stamps the
/// time of its run, and everything else must match exactly.
struct DrawingContent: Equatable, CustomStringConvertible {
  /// The JSON form with its modification time blanked.
  let json: String
  let rectangles: Int
  let title: String

  /// Reads the output of `open --json`; `nil` if it is not a drawing's JSON form.
  init?(openJSON text: String) {
    // Only the header is parsed: the rectangles come after it, and a form of many megabytes
    // is not decoded as a whole.
    let head = String(text.prefix(4000))
    guard let end = head.range(of: #""rectangles": ["#),
      let header = try? JSONSerialization.jsonObject(
        with: Data((head[..<end.upperBound] + "]}").utf8)) as? [String: Any],
      let title = header["title"] as? String
    else { return nil }
    json = normalizedForm(text)
    rectangles = rectangleCount(text)
    self.title = title
  }

  var description: String { "\(rectangles) rectangles, title \"\(title)\"" }
}

/// The JSON form with its modification time blanked. Only the header is searched, so a form of
/// many megabytes costs one copy.
private func normalizedForm(_ json: String) -> String {
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

// MARK: - Killing

/// How a killed run ended.
enum Ending: Equatable {
  /// SIGKILL arrived while it ran.
  case killed
  /// It had already exited, with this status, when the signal was due.
  case finished(Int32)
}

/// What the store held after a kill.
enum Outcome: Equatable {
  case old
  /// The new version (for `delete`: in the trash; for `trash --empty`: gone).
  case new
  case other
}

/// How often each outcome happened, and what the kills left behind.
struct Tally {
  var old = 0
  var new = 0
  var other = 0
  /// Runs that had already exited when the signal was due.
  var finishedBeforeKill = 0
  /// Temporary files a killed run left, and how many runs left some.
  var temporariesLeft = 0
  var runsLeavingTemporaries = 0

  mutating func count(_ outcome: Outcome, _ ending: Ending) {
    switch outcome {
    case .old: old += 1
    case .new: new += 1
    case .other: other += 1
    }
    if case .finished = ending { finishedBeforeKill += 1 }
  }
}

/// The kills made in one store: runs a command and kills it at random moments, tallies the
/// outcomes, and follows the temporary files the killed runs leave in `STORE/tmp/`, which the
/// next change must remove.
final class KillRecord {
  /// Kills per command.
  static let iterations = 30

  let sandbox: Sandbox
  private(set) var tally = Tally()
  /// The processes killed since the last change that ran to its end: only their temporary
  /// files may still be there.
  private var killedSinceLastChange: Set<Int32> = []

  init(_ sandbox: Sandbox) {
    self.sandbox = sandbox
  }

  /// Runs a change to its end, in this process, expecting success and nothing on standard
  /// error; afterwards no temporary file is left, whatever killed runs left before.
  @discardableResult
  func change(
    _ arguments: [String], context: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> String {
    expectFinished(
      sandbox.run(arguments), arguments, context: context, sourceLocation: sourceLocation)
  }

  /// Runs a change to its end through the binary, as the kills run it, and returns its
  /// wall-clock duration in seconds, within which the kills fall.
  func timedChange(_ arguments: [String]) throws -> Double {
    let start = Date()
    let result = try sandbox.runBinary(arguments)
    let duration = Date().timeIntervalSince(start)
    expectFinished(result, arguments, context: "the full run")
    return duration
  }

  /// Expects a change that ran to its end to have succeeded with nothing on standard error,
  /// leaving no temporary file.
  @discardableResult
  private func expectFinished(
    _ result: CommandResult, _ arguments: [String], context: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> String {
    #expect(
      result.status == 0, "\(context): \(arguments): \(result.standardError)",
      sourceLocation: sourceLocation)
    #expect(result.standardError == "", "\(context): \(arguments)", sourceLocation: sourceLocation)
    killedSinceLastChange = []
    let left = temporaries()
    #expect(
      left.isEmpty, "\(context): temporary files remain after \(arguments) ran: \(left)",
      sourceLocation: sourceLocation)
    return result.standardOutput
  }

  /// Kills the command ``iterations`` times, each time after a random delay within `duration`:
  /// `prepare` readies the store, and after the kill `inspect` judges it (and brings it back to
  /// the old state with commands that run to their end).
  func killRepeatedly(
    _ arguments: [String], within duration: Double, label: String,
    prepare: (String) throws -> Void = { _ in }, inspect: (Ending, String) throws -> Outcome
  ) throws {
    for iteration in 0..<Self.iterations {
      let context = "\(label), iteration \(iteration)"
      try prepare(context)
      let (ending, pid) = try runAndKill(arguments, within: duration)
      if ending == .killed {
        killedSinceLastChange.insert(pid)
      } else {
        killedSinceLastChange = []
      }
      checkTemporaries(killed: pid, context: context)
      tally.count(try inspect(ending, context), ending)
    }
  }

  /// Starts the binary, waits a random time between 0 and `duration`, sends SIGKILL and waits
  /// for it.
  private func runAndKill(_ arguments: [String], within duration: Double) throws
    -> (Ending, Int32)
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
    // Kept a sleep: a kill at a random moment is the thing under test.
    Thread.sleep(forTimeInterval: delay)
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal {
      #expect(process.terminationStatus == SIGKILL, "\(arguments) died of another signal")
      return (.killed, process.processIdentifier)
    }
    #expect(process.terminationStatus == 0, "\(arguments) finished with a failure")
    return (.finished(process.terminationStatus), process.processIdentifier)
  }

  /// Temporary files may only be those of runs killed since the last change that ran to its
  /// end: that change removed any older ones.
  private func checkTemporaries(killed pid: Int32, context: String) {
    let left = temporaries()
    let stale = left.filter { name in
      temporaryOwner(name).map { !killedSinceLastChange.contains($0) } ?? true
    }
    #expect(stale.isEmpty, "\(context): temporary files older than the last change: \(stale)")
    let own = left.filter { temporaryOwner($0) == pid }
    if !own.isEmpty {
      tally.temporariesLeft += own.count
      tally.runsLeavingTemporaries += 1
    }
  }

  /// Every file in `STORE/tmp/`, and any temporary file (`.NAME.PID.N.tmp`) elsewhere in the
  /// store, where older versions of drawdoc wrote them.
  func temporaries() -> [String] {
    let manager = FileManager.default
    var found = ((try? manager.contentsOfDirectory(atPath: "\(sandbox.store)/tmp")) ?? []).map {
      "tmp/\($0)"
    }
    for folder in ["", "drawings", "thumbnails", "trash"] {
      let path = folder.isEmpty ? sandbox.store : "\(sandbox.store)/\(folder)"
      let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
      found += names.filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }.map {
        folder.isEmpty ? $0 : "\(folder)/\($0)"
      }
    }
    return found.sorted()
  }

  /// The process id in a temporary file's name, `.NAME.PID.N.tmp`.
  private func temporaryOwner(_ path: String) -> Int32? {
    let parts = path.split(separator: "/").last?.split(separator: ".") ?? []
    guard parts.count >= 4, parts.last == "tmp" else { return nil }
    return Int32(parts[parts.count - 3])
  }

  /// Prints the tally and checks every kill left the old or the new state.
  func finish(
    command: String, duration: Double, newName: String = "new", note: String = "",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let left = temporaries()
    print(
      """
      crash safety, \(command): full run \(String(format: "%.3f", duration)) s; \
      \(tally.old + tally.new + tally.other) kills: old \(tally.old), \(newName) \(tally.new), \
      other \(tally.other) (finished before the kill: \(tally.finishedBeforeKill)); \
      temporary files left by kills: \(tally.temporariesLeft) \
      (by \(tally.runsLeavingTemporaries) runs), each removed by the next change; \
      left now: \(left.count)\(note)
      """)
    #expect(tally.other == 0, sourceLocation: sourceLocation)
    #expect(tally.old + tally.new == Self.iterations, sourceLocation: sourceLocation)
    let list = sandbox.run(["list"])
    #expect(list.status == 0, "list: \(list.standardError)", sourceLocation: sourceLocation)
  }
}

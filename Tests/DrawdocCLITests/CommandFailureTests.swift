import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The paths whose bytes differ between two snapshots, or that only one has.
private func changedPaths(_ before: [String: [UInt8]], _ after: [String: [UInt8]]) -> [String] {
  Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
}

/// Commands that fail: each exits with its status, says why, and changes nothing; a store
/// locked by another process makes a change wait, then exit 75.
@Suite struct CommandFailureTests {
  struct FailureCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    /// Text the message must contain; `{…}` are filled in as in `arguments`.
    var mentions: [String] = []
    var testDescription: String { "\(status): " + arguments.joined(separator: " ") }
  }

  static let failureCases: [FailureCase] = [
    // 64: the command line.
    FailureCase(arguments: ["frobnicate"], status: 64, mentions: ["frobnicate"]),
    FailureCase(arguments: [], status: 64),
    FailureCase(arguments: ["--bogus", "list"], status: 64, mentions: ["--bogus"]),
    FailureCase(arguments: ["list", "--bogus"], status: 64, mentions: ["--bogus"]),
    FailureCase(arguments: ["add", "{DOC}", "--bogus", "1"], status: 64, mentions: ["--bogus"]),
    FailureCase(arguments: ["new", "extra"], status: 64, mentions: ["extra"]),
    FailureCase(arguments: ["--store"], status: 64, mentions: ["store"]),
    FailureCase(arguments: ["open"], status: 64, mentions: ["DOC"]),
    FailureCase(arguments: ["add"], status: 64, mentions: ["DOC"]),
    FailureCase(arguments: ["set", "{DOC}"], status: 64, mentions: ["RECT"]),
    FailureCase(arguments: ["remove", "{DOC}"], status: 64, mentions: ["RECT"]),
    FailureCase(arguments: ["rename", "{DOC}"], status: 64, mentions: ["TITLE"]),
    FailureCase(arguments: ["hit", "{DOC}", "1"], status: 64, mentions: ["Y"]),
    FailureCase(arguments: ["save"], status: 64, mentions: ["FILE"]),
    FailureCase(arguments: ["convert", "{GOOD_SVG}"], status: 64, mentions: ["OUT"]),
    FailureCase(arguments: ["add", "{DOC}", "--alpha"], status: 64, mentions: ["alpha"]),
    FailureCase(arguments: ["add", "{DOC}", "--alpha", "11"], status: 64, mentions: ["11"]),
    FailureCase(arguments: ["add", "{DOC}", "--alpha", "0"], status: 64, mentions: ["alpha"]),
    FailureCase(arguments: ["add", "{DOC}", "--alpha", "7.5"], status: 64, mentions: ["7.5"]),
    FailureCase(arguments: ["add", "{DOC}", "--color", "nope"], status: 64, mentions: ["nope"]),
    FailureCase(
      arguments: ["add", "{DOC}", "--color", "#12345"], status: 64, mentions: ["#12345"]),
    FailureCase(
      arguments: ["add", "{DOC}", "--color", "rgb(256,0,0)"], status: 64,
      mentions: ["rgb(256,0,0)"]),
    FailureCase(arguments: ["add", "{DOC}", "--x", "abc"], status: 64, mentions: ["abc"]),
    FailureCase(arguments: ["add", "{DOC}", "--x", "nan"], status: 64, mentions: ["nan"]),
    FailureCase(arguments: ["add", "{DOC}", "--y", "inf"], status: 64, mentions: ["inf"]),
    FailureCase(arguments: ["add", "{DOC}", "--width", "0"], status: 64, mentions: ["width"]),
    FailureCase(arguments: ["add", "{DOC}", "--height", "-3"], status: 64, mentions: ["-3"]),
    FailureCase(arguments: ["add", "{DOC}", "--count", "three"], status: 64, mentions: ["three"]),
    FailureCase(arguments: ["add", "{DOC}", "--seed", "-1"], status: 64, mentions: ["-1"]),
    FailureCase(arguments: ["new", "--width", "0"], status: 64, mentions: ["width"]),
    FailureCase(arguments: ["new", "--width", "-5"], status: 64, mentions: ["-5"]),
    FailureCase(arguments: ["new", "--height", "tall"], status: 64, mentions: ["tall"]),
    FailureCase(arguments: ["new", "--random", "-2"], status: 64, mentions: ["-2"]),
    FailureCase(arguments: ["new", "--seed", "-1"], status: 64, mentions: ["-1"]),
    FailureCase(arguments: ["new", "--seed", "1.5"], status: 64, mentions: ["1.5"]),
    FailureCase(arguments: ["new", "--title", "bell\u{7}"], status: 64, mentions: ["title"]),
    FailureCase(
      arguments: ["set", "{DOC}", "not-an-id", "--x", "1"], status: 64, mentions: ["not-an-id"]),
    FailureCase(
      arguments: ["set", "{DOC}", "ABC-DEF-GHI", "--x", "1"], status: 64,
      mentions: ["ABC-DEF-GHI"]),
    FailureCase(
      arguments: ["set", "{DOC}", "{RECT}", "--alpha", "11"], status: 64, mentions: ["11"]),
    FailureCase(
      arguments: ["set", "{DOC}", "{RECT}", "--color", "nope"], status: 64, mentions: ["nope"]),
    FailureCase(
      arguments: ["set", "{DOC}", "{RECT}", "--width", "-1"], status: 64, mentions: ["-1"]),
    FailureCase(
      arguments: ["set", "{DOC}", "{RECT}", "--x", "abc"], status: 64, mentions: ["abc"]),
    FailureCase(arguments: ["remove", "{DOC}", "bad"], status: 64, mentions: ["bad"]),
    FailureCase(arguments: ["hit", "{DOC}", "abc", "1"], status: 64, mentions: ["abc"]),
    FailureCase(arguments: ["hit", "{DOC}", "1", "inf"], status: 64, mentions: ["inf"]),
    FailureCase(arguments: ["rename", "{DOC}", "bell\u{7}"], status: 64, mentions: ["title"]),
    FailureCase(arguments: ["export", "{DOC}", "--format", "gif"], status: 64, mentions: ["gif"]),
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/out.png", "--scale", "0"], status: 64,
      mentions: ["scale"]),
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/out.png", "--scale", "abc"], status: 64,
      mentions: ["abc"]),
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/out.png", "--background", "nope"], status: 64,
      mentions: ["nope"]),
    FailureCase(
      arguments: ["convert", "{GOOD_SVG}", "{WORK}/out.png", "--scale", "-1"], status: 64,
      mentions: ["-1"]),
    FailureCase(
      arguments: ["save", "{GOOD_SVG}", "--replace", "{DOC}", "--new"], status: 64,
      mentions: ["--new"]),
    FailureCase(arguments: ["open", "Twin"], status: 64, mentions: ["{TWIN1}", "{TWIN2}"]),
    FailureCase(arguments: ["add", "Twin"], status: 64, mentions: ["{TWIN1}", "{TWIN2}"]),
    FailureCase(
      arguments: ["rename", "Twin", "Single"], status: 64, mentions: ["{TWIN1}", "{TWIN2}"]),
    FailureCase(arguments: ["delete", "Twin"], status: 64, mentions: ["{TWIN1}", "{TWIN2}"]),
    FailureCase(
      arguments: ["save", "{GOOD_SVG}", "--replace", "Twin"], status: 64,
      mentions: ["{TWIN1}", "{TWIN2}"]),
    // 66: no such drawing, rectangle or file.
    FailureCase(arguments: ["open", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["open", "zzz-zzz-zzz"], status: 66, mentions: ["zzz-zzz-zzz"]),
    FailureCase(arguments: ["open", "../drawings/{DOC}"], status: 66, mentions: ["../drawings/"]),
    FailureCase(arguments: ["delete", "../../{DOC}"], status: 66, mentions: ["../../"]),
    FailureCase(arguments: ["rename", "drawings/{DOC}.svg", "X"], status: 66, mentions: [".svg"]),
    FailureCase(arguments: ["add", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(
      arguments: ["set", "nosuch", "{RECT}", "--x", "1"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["remove", "nosuch", "{RECT}"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["clear", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["rename", "nosuch", "T"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["duplicate", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["delete", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["export", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["hit", "nosuch", "1", "1"], status: 66, mentions: ["nosuch"]),
    FailureCase(
      arguments: ["save", "{GOOD_SVG}", "--replace", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(
      arguments: ["set", "{DOC}", "zzz-zzz-zzz", "--x", "1"], status: 66,
      mentions: ["zzz-zzz-zzz"]),
    FailureCase(
      arguments: ["remove", "{DOC}", "zzz-zzz-zzz"], status: 66, mentions: ["zzz-zzz-zzz"]),
    FailureCase(arguments: ["save", "{WORK}/missing.svg"], status: 66, mentions: ["missing.svg"]),
    FailureCase(
      arguments: ["convert", "{WORK}/missing.svg", "{WORK}/out.json"], status: 66,
      mentions: ["missing.svg"]),
    FailureCase(
      arguments: ["convert", "{WORK}/missing.json", "{WORK}/out.svg"], status: 66,
      mentions: ["missing.json"]),
    // 65: a file's content.
    FailureCase(arguments: ["save", "{BAD_SVG}"], status: 65, mentions: ["bad.svg"]),
    FailureCase(arguments: ["save", "{EMPTY}"], status: 65, mentions: ["empty.svg"]),
    FailureCase(
      arguments: ["save", "--strict", "{FOREIGN_SVG}"], status: 65, mentions: ["foreign.svg"]),
    FailureCase(
      arguments: ["save", "{BAD_SVG}", "--replace", "{DOC}"], status: 65, mentions: ["bad.svg"]),
    FailureCase(
      arguments: ["convert", "{BAD_JSON}", "{WORK}/out.svg"], status: 65, mentions: ["bad.json"]),
    FailureCase(
      arguments: ["convert", "{WRONG_JSON}", "{WORK}/out.svg"], status: 65,
      mentions: ["wrong.json"]),
    FailureCase(
      arguments: ["convert", "{BAD_SVG}", "{WORK}/out.json"], status: 65, mentions: ["bad.svg"]),
    // 73: the output cannot be created.
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/no/such/folder/out.svg"], status: 73,
      mentions: ["no/such/folder"]),
    FailureCase(
      arguments: ["export", "{DOC}", "--format", "json", "-o", "{WORK}/no/such/out.json"],
      status: 73, mentions: ["no/such"]),
    FailureCase(
      arguments: ["convert", "{GOOD_SVG}", "{WORK}/no/such/out.json"], status: 73,
      mentions: ["no/such"]),
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/folder.svg"], status: 73,
      mentions: ["folder.svg"]),
  ]

  /// A store with a drawing `Doc` holding rectangle `{RECT}` and two drawings titled `Twin`,
  /// and input files in the work folder; returns the fill-ins for `{…}`.
  private func failureFixture(_ box: Sandbox) throws -> [String: String] {
    let document = try box.newDrawing("--title", "Doc", "--random", "2", "--seed", "1")
    let rectangle = try #require(box.add(document, "--x", "1", "--y", "2").first)
    let twin1 = try box.newDrawing("--title", "Twin")
    let twin2 = try box.newDrawing("--title", "Twin", "--random", "1")
    let good = try box.file("good.svg", try sampleBytes("seeds-example.svg"))
    try FileManager.default.createDirectory(
      atPath: "\(box.work)/folder.svg/inside", withIntermediateDirectories: true)
    let bad = try box.file("bad.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8))
    let empty = try box.file("empty.svg", [])
    let foreign = try box.file(
      "foreign.svg",
      Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
          <circle cx="50" cy="50" r="40" fill="red"/>
        </svg>

        """.utf8))
    let badJSON = try box.file("bad.json", Array(#"{"format": "drawdoc", "version": 1, "#.utf8))
    let wrongJSON = try box.file(
      "wrong.json",
      Array(
        #"{"format": "drawdoc", "version": 1, "id": "bad", "title": "", "width": 10, "height": 10, "created": "2026-11-21T08:00:00Z", "modified": "2026-11-21T08:00:00Z", "rectangles": []}"#
          .utf8))
    return [
      "{DOC}": document, "{RECT}": rectangle, "{TWIN1}": twin1, "{TWIN2}": twin2,
      "{WORK}": box.work, "{GOOD_SVG}": good, "{BAD_SVG}": bad, "{EMPTY}": empty,
      "{FOREIGN_SVG}": foreign, "{BAD_JSON}": badJSON, "{WRONG_JSON}": wrongJSON,
    ]
  }

  private func fill(_ text: String, _ values: [String: String]) -> String {
    values.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
  }

  @Test(arguments: CommandFailureTests.failureCases)
  func aFailedCommandExitsWithItsStatusSaysWhyAndChangesNothing(_ testCase: FailureCase) throws {
    let box = try Sandbox()
    let values = try failureFixture(box)
    let before = try box.snapshot()
    let arguments = testCase.arguments.map { fill($0, values) }
    let result = box.run(arguments)
    #expect(result.status == testCase.status, "\(result.standardError)")
    #expect(result.standardOutput == "")
    #expect(result.standardError.contains("Error: "), "\(result.standardError)")
    for mention in testCase.mentions.map({ fill($0, values) }) {
      #expect(result.standardError.contains(mention), "\(result.standardError)")
    }
    #expect(changedPaths(before, try box.snapshot()) == [])
  }

  /// The runs above are in this process. The binary exits with the same status, as the system
  /// reports it, and writes the same to its standard output and error: one command for each
  /// status but 74 (an input or output error) and 75 (the lock, tested through the binary).
  @Test func theBinaryExitsWithTheStatusAndWritesTheOutputOfARunInProcess() throws {
    let box = try Sandbox()
    let values = try failureFixture(box)
    var statuses: [Int32] = []
    for template in [
      ["open", "{DOC}", "--json"], ["hit", "{DOC}", "-5", "-5"], ["add", "{DOC}", "--alpha", "11"],
      ["save", "{BAD_SVG}"], ["open", "nosuch"],
      ["export", "{DOC}", "-o", "{WORK}/no/such/folder/out.svg"],
    ] {
      let arguments = template.map { fill($0, values) }
      let inProcess = box.run(arguments)
      let binary = try box.runBinary(arguments)
      #expect(binary.status == inProcess.status, "\(arguments)")
      #expect(binary.standardOutput == inProcess.standardOutput, "\(arguments)")
      #expect(binary.standardError == inProcess.standardError, "\(arguments)")
      statuses.append(binary.status)
    }
    #expect(statuses == [0, 1, 64, 65, 66, 73])
  }

  @Test func aMissingOrBrokenFileGivenToValidateSaysWhich() throws {
    let box = try Sandbox()
    let missing = "\(box.work)/missing.svg"
    let gone = box.run(["validate", missing])
    #expect(gone.status == 66)
    #expect(gone.standardOutput == "")
    #expect(gone.standardError.contains(missing))
    let bad = try box.file("bad.svg", Array("<svg".utf8))
    let broken = box.run(["validate", bad])
    #expect(broken.status == 65)
    #expect(broken.standardError.hasPrefix("\(bad):"))
    #expect(broken.standardError.contains("error"))
  }

  // MARK: The lock

  static let lockedCases: [[String]] = [
    ["new"], ["add", "{DOC}"], ["set", "{DOC}", "{RECT}", "--x", "1"],
    ["remove", "{DOC}", "{RECT}"],
    ["clear", "{DOC}"], ["rename", "{DOC}", "Renamed"], ["duplicate", "{DOC}"],
    ["delete", "{DOC}"],
    ["save", "{GOOD_SVG}"], ["save", "{GOOD_SVG}", "--replace", "{DOC}"],
  ]

  @Test(arguments: CommandFailureTests.lockedCases)
  func aStoreLockedByAnotherProcessExitsWith75AndChangesNothing(_ template: [String]) throws {
    let box = try Sandbox()
    let values = try failureFixture(box)
    let descriptor = open("\(box.store)/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(flock(descriptor, LOCK_EX) == 0)
    let before = try box.snapshot()
    let arguments = template.map { fill($0, values) }
    // The binary: the lock is held by another process, this one.
    let started = Date()
    let result = try box.runBinary(arguments, extra: ["DRAWDOC_LOCK_TIMEOUT": "0.3"])
    let waited = Date().timeIntervalSince(started)
    #expect(result.status == 75, "\(result.standardError)")
    #expect(result.standardOutput == "")
    #expect(result.standardError.contains("Error: "))
    #expect(result.standardError.contains("lock"), "\(result.standardError)")
    #expect(waited >= 0.25 && waited < 8, "waited \(waited) s")
    #expect(changedPaths(before, try box.snapshot()) == [])
    flock(descriptor, LOCK_UN)
    let retried = try box.runBinary(arguments, extra: ["DRAWDOC_LOCK_TIMEOUT": "0.3"])
    #expect(retried.status == 0, "\(retried.standardError)")
  }
}

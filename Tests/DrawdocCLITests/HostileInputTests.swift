import Foundation
import Testing

/// Files from anywhere, through `validate`, `save` and `convert`: each ends in a clear error
/// (exit status 65) or an import with warnings, within seconds, never in a crash, never
/// leaking another file's content, and a refused `save` leaves the store as it was.
@Suite struct HostileInputTests {
  static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#

  /// The hostile corpus; the large files are made at test time.
  static func corpus(secretPath: String) -> [(name: String, bytes: [UInt8])] {
    func text(_ string: String) -> [UInt8] { Array(string.utf8) }
    var laughs = #"<!DOCTYPE svg [<!ENTITY l0 "lol">"#
    for level in 1...9 {
      laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
    }
    laughs += "]>" + svg + "<title>&l9;</title></svg>"
    let bigEntity = String(repeating: "x", count: 100_000)
    return [
      (
        "external entity to a local file",
        text(
          #"<!DOCTYPE svg [<!ENTITY s SYSTEM "file://\#(secretPath)">]>"#
            + svg + "<title>&s;</title><rect width=\"1\" height=\"1\"/></svg>")
      ),
      (
        "external entity to an http URL",
        text(
          #"<!DOCTYPE svg [<!ENTITY s SYSTEM "http://127.0.0.1:9/secret">]>"#
            + svg + "<title>&s;</title></svg>")
      ),
      (
        "parameter entities",
        text(
          #"<!DOCTYPE svg [<!ENTITY % p SYSTEM "file://\#(secretPath)"> %p;]>"# + svg + "</svg>")
      ),
      ("billion laughs", text(laughs)),
      (
        "quadratic blowup",
        text(
          #"<!DOCTYPE svg [<!ENTITY x "\#(bigEntity)">]>"# + svg + "<title>"
            + String(repeating: "&x;", count: 20_000) + "</title></svg>")
      ),
      (
        "nesting 10,000 deep",
        text(
          svg + String(repeating: "<g>", count: 10_000) + String(repeating: "</g>", count: 10_000)
            + "</svg>")
      ),
      (
        "a 50 MB attribute",
        text(svg + #"<rect width="1" height="1" class=""#)
          + [UInt8](repeating: 0x61, count: 50_000_000)
          + text(#""/></svg>"#)
      ),
      ("invalid UTF-8", text(svg + "<title>") + [0xFF, 0xFE, 0xC3] + text("</title></svg>")),
      ("a truncated file", Array(text(svg + #"<rect width="1" heig"#))),
      ("NUL bytes", text(svg) + [0, 0, 0] + text("</svg>")),
      ("5 MB of whitespace", text(svg + String(repeating: " ", count: 5_000_000) + "</svg>")),
      ("wrong root", text(#"<html xmlns="http://www.w3.org/1999/xhtml"><rect/></html>"#)),
      ("wrong namespace", text(#"<svg xmlns="urn:other" width="1" height="1"><rect/></svg>"#)),
      (
        "duplicate and malformed ids",
        text(
          svg + #"<rect data-id="aaa-aaa-aaa" width="1" height="1"/>"#
            + #"<rect data-id="aaa-aaa-aaa" width="1" height="1"/>"#
            + #"<rect data-id="../../etc" width="1" height="1"/></svg>"#)
      ),
      (
        "colors and opacities out of range",
        text(
          svg + #"<rect width="1" height="1" fill="rgb(999,-5,300)" fill-opacity="7"/>"#
            + ##"<rect width="1" height="1" fill="#zzzzzz" opacity="-1"/></svg>"##)
      ),
      (
        "zero, negative, NaN, infinite and huge sizes and coordinates",
        text(
          svg + #"<rect width="0" height="1"/><rect width="-5" height="1"/>"#
            + #"<rect width="NaN" height="1"/><rect width="inf" height="1"/>"#
            + #"<rect x="1e308" y="-1e308" width="1e308" height="1e308"/>"#
            + #"<rect x="1e999" width="1" height="1"/></svg>"#)
      ),
    ]
  }

  @Test func everyHostileFileEndsCleanlyThroughEveryCommand() throws {
    let box = try Sandbox()
    let secret = "SECRET-\(UUID().uuidString)"
    let secretPath = try box.file("secret.txt", secret + "\nroot:x:0:0\n")
    _ = try box.newDrawing("--title", "Kept")
    for (name, bytes) in Self.corpus(secretPath: secretPath) {
      let file = try box.file("hostile.svg", bytes)
      for command in [
        ["validate", file], ["save", file], ["convert", file, "\(box.work)/out.json"],
      ] {
        let before = try box.snapshot()
        let started = Date()
        // The binary: a crash must show as a process that died of a signal, not end the run.
        let result = try box.runBinary(command)
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 20, "\(name), \(command[0]): \(seconds) s")
        #expect([0, 65].contains(result.status), "\(name), \(command[0]): \(result.status)")
        #expect(
          !(result.standardOutput + result.standardError).contains(secret),
          "\(name), \(command[0]) leaked the secret")
        #expect(!result.standardError.contains("root:x"), "\(name), \(command[0])")
        if command[0] == "validate" {
          #expect(result.status == 65, "\(name): \(result.standardOutput)")
        }
        if result.status != 0 {
          #expect(result.standardError.lowercased().contains("error"), "\(name), \(command[0])")
          var after = try box.snapshot()
          after["work/out.json"] = before["work/out.json"]
          #expect(after == before, "\(name), \(command[0]) changed the store")
        }
        if command[0] == "convert", result.status == 0 {
          let output = try String(contentsOfFile: "\(box.work)/out.json", encoding: .utf8)
          #expect(!output.contains(secret), "\(name): the secret reached the output")
          try? FileManager.default.removeItem(atPath: "\(box.work)/out.json")
        }
      }
    }
  }

  /// Memcheck on the real binary: both readers free what they allocate, libxml2's parser
  /// and the document it makes for entity declarations included, on the error paths too.
  /// valgrind reports every block that is definitely lost and turns it into exit status 99.
  @Test func readersLeakNothing() throws {
    let valgrind = [
      "/usr/bin/valgrind", "--quiet", "--leak-check=full", "--show-leak-kinds=definite",
      "--errors-for-leak-kinds=definite", "--error-exitcode=99",
    ]
    try #require(
      FileManager.default.isExecutableFile(atPath: valgrind[0]),
      "valgrind is missing: bash .ci/setup installs it")
    let box = try Sandbox()
    let secretPath = try box.file("secret.txt", "secret\n")
    var files: [String] = []
    // The multi-megabyte files only make valgrind slow; they take the same paths as the rest.
    for (index, entry) in Self.corpus(secretPath: secretPath).enumerated()
    where entry.bytes.count < 1_000_000 {
      files.append(try box.file("hostile-\(index).svg", entry.bytes))
    }
    let samples = ["Samples/seeds-example.svg", "Samples/foreign/inkscape-mm-layers.svg"]
      .map { repositoryRoot.appendingPathComponent($0).path }
    // Read in parts, each part on its own thread with its own parser.
    let big = try Self.bigDrawings().map { try box.file($0.name, $0.text) }
    // Each run under valgrind is a process of its own, with its own input and output: they run
    // side by side, and their results are checked afterwards, in this order.
    var runs: [(name: String, arguments: [String], statuses: Set<Int32>)] = big.map { file in
      (file, ["validate", file], [file.hasSuffix("late-error.svg") ? 65 : 0])
    }
    runs.append(("", ["validate"] + files + samples, [65]))
    for (index, file) in (files + samples).enumerated() {
      runs.append((file, ["convert", file, "\(box.work)/out-\(index).json"], [0, 65]))
    }
    let results = concurrently(
      runs.map { run in { try box.runBinary(run.arguments, launcher: valgrind) } })
    for (run, outcome) in zip(runs, results) {
      let result = try outcome.get()
      let name = run.name.isEmpty ? "" : "\(run.name): "
      #expect(run.statuses.contains(result.status), "\(name)\(result.standardError)")
      #expect(!result.standardError.contains("definitely lost"), "\(result.standardError)")
    }
  }

  /// The start of a drawing, up to its title.
  static let header =
    #"<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg" "#
    + #"width="10" height="10" viewBox="0 0 10 10" data-drawdoc="1" data-id="k3j-9xa-0pq" "#
    + #"data-created="2026-11-21T08:00:00Z" data-modified="2026-11-21T08:05:12Z">"#
    + "<title>Padded</title>"

  /// `count` rectangles with distinct ids, about 100 bytes each.
  static func rectangles(_ count: Int) -> [String] {
    (0..<count).map { index in
      ##"<rect data-id="aaa-aaa-\##(String(100_000 + index).suffix(3))" x="1" y="2" "##
        + ##"width="3" height="4" fill="#102030" fill-opacity="0.5"/>"##
    }
  }

  /// Drawings of 1.2 MB, big enough to be read in parts: a valid one, one whose part after
  /// the cut fails, and one cut inside a comment (read again on one thread).
  static func bigDrawings() -> [(name: String, text: String)] {
    var lines = rectangles(1000).map { "  " + $0 }
    lines = (0..<12).flatMap { copy in
      lines.map { $0.replacing("aaa-aaa-", with: "aaa-a\(String(10 + copy))-") }
    }
    let valid = header + "\n" + lines.joined(separator: "\n") + "\n</svg>\n"
    var late = lines
    late[11_000] = late[11_000].replacing("#102030", with: "#10203")
    var commented = lines
    // 380 kB of comments after 5000 rectangles: bytes 492 k to 872 k of 1.57 M, around the
    // middle, where a `<rect` in them is taken for a cut.
    commented.insert(String(repeating: "<!-- > <rect/> -->\n", count: 20_000), at: 5000)
    return [
      ("big.svg", valid),
      ("big-late-error.svg", header + "\n" + late.joined(separator: "\n") + "\n</svg>\n"),
      ("big-commented.svg", header + "\n" + commented.joined(separator: "\n") + "\n</svg>\n"),
    ]
  }

  /// The limits of docs/format.md: reading takes memory for the rectangles, not for the bytes
  /// around them.
  /// GNU time gives each run's peak resident set size.
  @Test func peakMemoryFollowsTheRectanglesNotTheBytes() throws {
    let time = try gnuTime()
    let box = try Sandbox()
    let rectangles = Self.rectangles(10)
    let header = Self.header
    let plain = try box.file("plain.svg", header + rectangles.joined() + "</svg>\n")
    // 64 MB of blanks between the rectangles: valid, and read in parts.
    let blanks = String(repeating: " ", count: 6_400_000)
    let padded = try box.file(
      "padded.svg", header + rectangles.joined(separator: blanks) + "</svg>\n")

    func peakKilobytes(_ file: String) throws -> Int {
      let report = "\(box.work)/peak-\(UUID().uuidString)"
      let result = try box.runBinary(
        ["validate", file], launcher: [time, "-f", "%M", "-o", report])
      #expect(result.status == 0, "\(file): \(result.standardError)")
      let text = try String(contentsOfFile: report, encoding: .utf8)
      return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
    let plainPeak = try peakKilobytes(plain)
    let paddedPeak = try peakKilobytes(padded)
    // The padded file is 64 MB longer; its reading may take a few MB more (the parser's
    // 256 KiB pieces, one parser per part), nothing like 64.
    #expect(paddedPeak - plainPeak < 16_000, "peak \(plainPeak) KB plain, \(paddedPeak) KB padded")
  }
}

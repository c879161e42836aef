import DrawdocCLI
import Foundation
import Testing

/// A standard output that claims to be a terminal.
private final class TerminalSink: OutputSink {
  private(set) var bytes: [UInt8] = []
  func write(_ bytes: [UInt8]) { self.bytes += bytes }
  var isTerminal: Bool { true }
  var isClosed: Bool { false }
}

@Suite struct PictureCommandTests {
  @Test func aPNGIsNotWrittenToATerminal() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["DRAWDOC_STORE": folder.appendingPathComponent("store").path]
    let id = drawdoc("new", "--random", "3", "--seed", "1", environment: environment)
      .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    let terminal = TerminalSink()
    let errors = BufferSink()
    let status = DrawdocCLI.run(
      arguments: ["export", id, "--format", "png"], environment: environment,
      standardOutput: terminal, standardError: errors)
    #expect(status == 64)
    #expect(terminal.bytes.isEmpty)
    #expect(errors.text.contains("-o FILE.png or a redirection"))
    // SVG is text: a terminal is fine for it.
    let svg = DrawdocCLI.run(
      arguments: ["export", id], environment: environment, standardOutput: terminal,
      standardError: errors)
    #expect(svg == 0)
    #expect(String(decoding: terminal.bytes, as: UTF8.self).hasPrefix("<?xml"))
  }

  @Test func listTellsWhetherEachThumbnailIsCurrentAndGalleryWritesAPage() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store")
    let environment = ["DRAWDOC_STORE": store.path]
    let id = drawdoc("new", "--title", "Kept", "--random", "5", environment: environment)
      .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      drawdoc("list", "--json", environment: environment).standardOutput
        .contains(#""thumbnail": "current""#))
    let thumbnail = store.appendingPathComponent("thumbnails/\(id).png")
    try FileManager.default.removeItem(at: thumbnail)
    #expect(
      drawdoc("list", "--json", environment: environment).standardOutput
        .contains(#""thumbnail": "missing""#))

    let page = folder.appendingPathComponent("gallery.html")
    let result = drawdoc("gallery", "-o", page.path, environment: environment)
    #expect(result.status == 0)
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("Kept"))
    #expect(html.contains("data:image/png;base64,"))
    #expect(FileManager.default.fileExists(atPath: thumbnail.path))
    #expect(
      drawdoc("list", "--json", environment: environment).standardOutput
        .contains(#""thumbnail": "current""#))
  }
}

@Suite struct LocalTimeTests {
  /// `list` shows times in the zone `TZ` names; Foundation's calendar is the independent check.
  @Test(arguments: ["Asia/Kolkata", "America/St_Johns", "UTC"])
  func listShowsLocalTimes(_ zone: String) throws {
    let box = try Sandbox()
    var environment = box.environment
    environment["TZ"] = zone
    _ = drawdoc("new", "--title", "Zoned", environment: environment)
    let rows = drawdoc("list", "--json", environment: environment).standardOutput
    let created = try #require(rows.firstMatch(of: #/"created": "([^"]+)"/#)?.output.1)
    let moment = try #require(ISO8601DateFormatter().date(from: String(created)))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
    let expected = String(
      format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0)
    // The binary: the C library reads the time zone from the process's own TZ.
    let table = try runBinary(["list"], environment: environment).standardOutput
    #expect(table.contains("Zoned") && table.contains(expected), "\(table)")
  }
}

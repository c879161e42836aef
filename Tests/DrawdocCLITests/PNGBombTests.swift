import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a PNG whose `drawdoc` text chunk is a decompression bomb, with python3's `zlib`:
/// one MiB of zeros compressed with a full flush is a piece that stands alone, so the piece
/// repeated is a stream of as many MiB (checked on a small one), ended with the Adler-32 of
/// the whole. Prints the stream's length.
private let bombTool = #"""
  import struct, sys, zlib

  def chunk(kind, data):
      return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

  def stream(mebibytes):
      zeros = bytes(1 << 20)
      compressor = zlib.compressobj(9)
      first = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
      again = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
      end = compressor.flush(zlib.Z_FINISH)[:-4]
      # The Adler-32 of zeros: its low sum stays 1, its high sum grows by 1 a byte.
      adler = ((mebibytes << 20) % 65521) << 16 | 1
      return first + again * (mebibytes - 1) + end + struct.pack(">I", adler)

  assert zlib.decompress(stream(3)) == bytes(3 << 20)
  text = stream(int(sys.argv[2]))
  png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
         + chunk(b"iTXt", b"drawdoc\0\1\0\0\0" + text)
         + chunk(b"IDAT", zlib.compress(bytes(5))) + chunk(b"IEND", b""))
  open(sys.argv[1], "wb").write(png)
  print(len(text))
  """#

/// Posts a JSON body to the server with python3's `http.client`, with the token and the
/// server's own Origin; prints the status, then the body.
private let postTool = #"""
  import http.client, sys
  port, token, path, body = int(sys.argv[1]), sys.argv[2], sys.argv[3], open(sys.argv[4], "rb").read()
  connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
  connection.request("POST", path, body, {
      "Authorization": "Bearer " + token, "Origin": f"http://127.0.0.1:{port}",
      "Content-Type": "application/json"})
  response = connection.getresponse()
  print(response.status)
  sys.stdout.write(response.read().decode())
  """#

/// A PNG whose drawing inflates past 4 GiB, and more than 100 times its compressed size, is
/// refused as a decompression bomb without being inflated into memory: by the command line
/// and by the app's import, through the real binary.
@Suite struct PNGBombTests {
  /// 4.5 GiB of zeros, in about 4.7 MB.
  static let mebibytes = 4608

  /// Writes the bomb; returns its path and the message that refuses it (on the command line:
  /// the app's import holds the text to 256 MiB, see ``appMessage(_:)``).
  private func bomb(in box: Sandbox) throws -> (path: String, message: String) {
    let path = "\(box.work)/bomb.png"
    let made = try runProgram(
      "/usr/bin/env", ["python3", "-c", bombTool, path, "\(Self.mebibytes)"])
    #expect(made.status == 0, "python3: \(made.standardError)")
    let compressed = try #require(
      Int(made.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
    // The rule: 100 times the compressed text, at least 1 MiB.
    return (path, Self.message(limit: max(1 << 20, 100 * compressed)))
  }

  private static func message(limit: Int) -> String {
    "the text in the PNG inflates to more than \(limit) bytes, the most drawdoc reads of it: "
      + "refused as a decompression bomb"
  }

  @Test func theCommandLineRefusesTheBombWithoutInflatingIt() throws {
    let time = try gnuTime()
    let box = try Sandbox()
    box.succeed("new", "--title", "Kept")
    let (file, message) = try bomb(in: box)
    let before = try box.snapshot()
    for (arguments, expected) in [
      (["save", file], "Error: \(file): \(message)\n"),
      (["convert", file, "\(box.work)/out.svg"], "Error: \(file): \(message)\n"),
      (["validate", file], "\(file): error: \(message)\n"),
    ] {
      let report = "\(box.work)/peak-\(UUID().uuidString)"
      let result = try box.runBinary(arguments, launcher: [time, "-f", "%M", "-o", report])
      #expect(result.status == 65, "\(arguments): \(result.standardError)")
      #expect(result.standardError == expected)
      // The file is read whole (4.7 MB); what it inflates to is let go as it comes. GNU time
      // writes the peak on the last line, after a line about the exit status.
      let peak = try #require(
        try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last
          .flatMap { Int($0) })
      try FileManager.default.removeItem(atPath: report)
      #expect(peak < 100_000, "\(arguments): a peak of \(peak) KB")
    }
    // Nothing changed in the store, and convert wrote nothing.
    #expect(try box.snapshot() == before)
  }

  @Test func theAppsImportAnswers413AndTheServerStaysSmall() throws {
    let box = try Sandbox()
    box.succeed("new", "--title", "Kept")
    let (file, message) = try bomb(in: box)
    let body = "\(box.work)/body.json"
    try Data(
      (#"{"name": "bomb.png", "png": ""#
        + (try Data(contentsOf: URL(fileURLWithPath: file)))
        .base64EncodedString() + #""}"#).utf8
    ).write(to: URL(fileURLWithPath: body))
    let server = try ServedBinary(box)
    defer {
      kill(server.process.processIdentifier, SIGTERM)
      _ = server.waitForEnd(within: 20)
    }
    #expect(server.port > 0, "\(server.addressLine)")
    let answer = try runProgram(
      "/usr/bin/env",
      ["python3", "-c", postTool, "\(server.port)", server.token, "/api/import", body])
    #expect(answer.status == 0, "python3: \(answer.standardError)")
    let lines = answer.standardOutput.split(separator: "\n", maxSplits: 1)
    #expect(lines.first == "413", "\(answer.standardOutput.prefix(300))")
    let json = try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8))
    // The app's import holds the drawing a PNG carries to 256 MiB, under the rule's limit.
    #expect(message != Self.message(limit: 256 << 20))
    #expect((json as? [String: Any])?["error"] as? String == Self.message(limit: 256 << 20))
    #if os(Linux)
      // The server's peak memory, the request's 6 MB body and its PNG included.
      let status = try String(
        contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
      let peak = try #require(
        status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
          .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) })
      #expect(peak < 200_000, "the server's peak: \(peak) KB")
    #endif
  }
}

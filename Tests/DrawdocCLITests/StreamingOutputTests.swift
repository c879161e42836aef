import DrawdocCLI
import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import Foundation
import Testing

/// `export`, `convert` and `open` write their output a piece at a time as they make it: to a
/// file, to standard output, or to a buffer in process, the bytes are those of the library's
/// encoders, and a file that cannot be written whole is not written at all.
@Suite struct StreamingOutputTests {
  /// A sandbox with a drawing of 12,000 factory rectangles, whose SVG, JSON and text are each
  /// over 1 MiB, so that they are written in several pieces.
  private func sandbox() throws -> (box: Sandbox, id: String, file: [UInt8], drawing: Drawing) {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Pieces & <bits>", "--random", "12000", "--seed", "4")
    let path = "\(box.store)/drawings/\(id).svg"
    let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(file.count > 1 << 20)
    return (box, id, file, try SVGDecoder.decode(file))
  }

  /// Runs the binary in a shell, standard output to a file; the exit status and that file.
  private func shell(_ box: Sandbox, _ script: String, _ arguments: [String]) throws -> (
    status: Int32, output: [UInt8], errors: String
  ) {
    let output = "\(box.work)/.stdout-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try runProgram(
      "/bin/bash", ["-c", script, drawdocExecutable.path, output] + arguments,
      environment: box.environment)
    let bytes = (try? Data(contentsOf: URL(fileURLWithPath: output))).map { [UInt8]($0) } ?? []
    return (result.status, bytes, result.standardError)
  }

  /// The binary's standard output, as bytes.
  private func standardOutput(_ box: Sandbox, _ arguments: String...) throws -> [UInt8] {
    let run = try shell(box, #"exec "$0" "${@:2}" > "$1""#, arguments)
    #expect(run.status == 0, "\(arguments): \(run.errors)")
    return run.output
  }

  /// What a run in this process writes to standard output.
  private func inProcess(_ box: Sandbox, _ arguments: String...) -> [UInt8] {
    let output = BufferSink()
    let errors = BufferSink()
    let status = DrawdocCLI.run(
      arguments: arguments, environment: box.environment, standardOutput: output,
      standardError: errors)
    #expect(status == 0, "\(arguments): \(errors.text)")
    return output.bytes
  }

  private func read(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func exportWritesTheSameBytesToAFileAndToStandardOutput() throws {
    let (box, id, file, drawing) = try sandbox()
    let json = DrawingJSON.encode(drawing)
    for (format, expected) in [("svg", file), ("json", json), ("png", nil)] {
      let path = "\(box.work)/out.\(format)"
      box.succeed("export", id, "-o", path)
      let written = try read(path)
      if let expected { #expect(written == expected, "export -o \(path)") }
      #expect(try standardOutput(box, "export", id, "--format", format) == written, "\(format)")
      #expect(inProcess(box, "export", id, "--format", format) == written, "\(format)")
    }
    #expect(try standardOutput(box, "open", id, "--json") == json)
    #expect(inProcess(box, "open", id, "--json") == json)
  }

  @Test func convertWritesTheSameBytesToAFileAndToStandardOutput() throws {
    let (box, _, file, drawing) = try sandbox()
    let input = try box.file("in.svg", file)
    box.succeed("convert", input, "\(box.work)/out.svg")
    #expect(try read("\(box.work)/out.svg") == file)
    #expect(try standardOutput(box, "convert", input, "-") == file)
    box.succeed("convert", input, "\(box.work)/out.json")
    #expect(try read("\(box.work)/out.json") == DrawingJSON.encode(drawing))
    // And back from the JSON form, which is read whole.
    box.succeed("convert", "\(box.work)/out.json", "\(box.work)/again.svg")
    #expect(try read("\(box.work)/again.svg") == file)
  }

  @Test func openPrintsEveryRectanglesDescription() throws {
    let (box, id, _, drawing) = try sandbox()
    let text = String(decoding: try standardOutput(box, "open", id), as: UTF8.self)
    #expect(String(decoding: inProcess(box, "open", id), as: UTF8.self) == text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Pieces & <bits>")
    #expect(lines.dropFirst().first?.hasSuffix("12000 rectangles") == true)
    // The description form, as `Rectangle.description` wrote it with Swift's interpolation
    // before it was written byte by byte.
    let expected = drawing.plane.rectangles.map { rectangle -> String in
      "(\(rectangle.id)), X: \(rectangle.point.x), Y: \(rectangle.point.y), "
        + "W: \(rectangle.size.width), H: \(rectangle.size.height), "
        + "R: \(rectangle.color.red), G: \(rectangle.color.green), B: \(rectangle.color.blue), "
        + "Alpha: \(rectangle.alpha.level)"
    }
    #expect(lines.dropFirst(3).map(String.init) == expected + [""])
  }

  /// A file limit (`ulimit -f`, SIGXFSZ ignored) makes a write fail once the output passes
  /// about 100 KB: the command fails with status 73, the temporary file is gone, and the
  /// target is as it was, or absent.
  @Test func anOutputThatCannotBeWrittenWholeLeavesNothingBehind() throws {
    let (box, id, file, _) = try sandbox()
    let input = try box.file("in.svg", file)
    try box.file("old.svg", Array("old\n".utf8))
    let limited = #"ulimit -f 200; trap '' XFSZ; exec "$0" "${@:2}" > "$1""#
    for arguments in [
      ["convert", input, "\(box.work)/old.svg"],
      ["convert", input, "\(box.work)/new.json"],
      ["export", id, "-o", "\(box.work)/new.svg"],
      ["export", id, "--format", "json", "-o", "\(box.work)/old.svg"],
    ] {
      let run = try shell(box, limited, arguments)
      #expect(run.status == 73, "\(arguments): \(run.errors)")
      #expect(run.errors.contains("cannot create"), "\(arguments): \(run.errors)")
      let names = try FileManager.default.contentsOfDirectory(atPath: box.work).sorted()
      #expect(names == ["in.svg", "old.svg"], "\(arguments)")
      #expect(try read("\(box.work)/old.svg") == Array("old\n".utf8), "\(arguments)")
    }
  }

  @Test func aReaderThatGoesAwayEndsTheOutputAndTheCommandSucceeds() throws {
    let (box, id, _, _) = try sandbox()
    for arguments in [["open", id], ["open", id, "--json"], ["export", id]] {
      let run = try shell(
        box, #""$0" "${@:2}" | head -c 100 > "$1"; exit "${PIPESTATUS[0]}""#, arguments)
      #expect(run.status == 0, "\(arguments): \(run.errors)")
      #expect(run.output.count == 100, "\(arguments)")
    }
  }
}

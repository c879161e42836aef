import DrawdocModel
import DrawdocRaster
import DrawdocSVG

/// The in-process measurements on one document. Each prints one line of `key=value` fields
/// (seconds are medians over the timed runs) for ``Suite`` to read.
enum DocumentBench {
  /// The picture the benchmark exports: 1024 × 768 pixels.
  static let pictureWidth = 1024
  static let pictureHeight = 768

  /// A reference program (`ref_sax FILE`) run once per round, timed from spawn to exit, just
  /// before the measured operation of the same round, so that both see the same machine even
  /// when other work comes and goes.
  struct Reference {
    let child: ChildProcess?
    /// The last line the reference printed (its checksum).
    var lastLine = ""

    init(program: String?, file: String, scratch: String) {
      child = program.map {
        ChildProcess(
          arguments: [$0, file], captureOutput: true, errorFile: "\(scratch)/ref_sax.stderr")
      }
    }

    /// Runs the reference once: its wall-clock and CPU seconds, `nan` when there is none.
    mutating func time() throws -> (wall: Double, cpu: Double) {
      guard let child else { return (.nan, .nan) }
      let outcome = try child.runChecked()
      lastLine = outcome.output.split(separator: "\n").last.map(String.init) ?? ""
      return (outcome.seconds, outcome.cpuSeconds)
    }

    /// ` reference=MEDIAN reference_cpu=MEDIAN ref_count=… ref_checksum=… ref_idsum=…`,
    /// or nothing.
    func fields(wall: [Double], cpu: [Double]) -> String {
      guard child != nil else { return "" }
      var line = " reference=\(median(wall)) reference_cpu=\(median(cpu))"
      for field in lastLine.split(separator: " ") { line += " ref_" + field }
      return line
    }
  }

  /// Strict decoding of a file into a drawing (`SVGDecoder.decode(contentsOfFile:)`), which
  /// streams the file through libxml2's push parser; the checksum of the last run is printed.
  /// With a reference, each round runs it first (see ``Reference``).
  static func decode(path: String, sampler: Sampler, check: Bool, reference: Reference) throws
    -> String
  {
    var reference = reference
    var checksum: Checksum?
    let samples = try sampler.collect {
      let referenceTime = try reference.time()
      let (drawing, wall, cpu) = try Clock.timedWithCPU {
        try SVGDecoder.decode(contentsOfFile: path)
      }
      if check { checksum = Checksum(drawing.plane) }
      return [wall, cpu, referenceTime.wall, referenceTime.cpu]
    }
    var line = "runs=\(samples.count) decode=\(median(samples.map { $0[0] }))"
    line += " decode_cpu=\(median(samples.map { $0[1] }))"
    if let checksum { line += " " + checksum.line }
    return line + reference.fields(wall: samples.map { $0[2] }, cpu: samples.map { $0[3] })
  }

  /// Encoding a drawing (decoded once beforehand, not timed) two ways in each round: to
  /// bytes in memory with `SVGEncoder.encode(_:)` (`encode`), and to the file `output` a
  /// piece at a time with `SVGEncoder.encode(_:pieceSize:emit:)` (`total`: encode + write,
  /// the way a drawing is written to a file). With `verify`, the file is compared with the
  /// input file, which the generator writes in the canonical form. With a reference, each
  /// round runs it first (see ``Reference``).
  static func encode(
    path: String, output: String, sampler: Sampler, verify: Bool, reference: Reference
  ) throws -> String {
    var reference = reference
    let drawing = try SVGDecoder.decode(contentsOfFile: path)
    var byteCount = 0
    let samples = try sampler.collect {
      let referenceTime = try reference.time()
      let (bytes, encoding, _) = Clock.timedWithCPU { SVGEncoder.encode(drawing) }
      let (_, writing, writingCPU) = try Clock.timedWithCPU {
        try Files.write(drawing, to: output)
      }
      byteCount = bytes.count
      return [encoding, writing, writingCPU, referenceTime.wall, referenceTime.cpu]
    }
    var line = "runs=\(samples.count) encode=\(median(samples.map { $0[0] }))"
    line += " total=\(median(samples.map { $0[1] }))"
    line += " total_cpu=\(median(samples.map { $0[2] })) bytes=\(byteCount)"
    if verify {
      let identical = try Files.read(output) == Files.read(path)
      line += " identical=\(identical ? "yes" : "no")"
    }
    return line + reference.fields(wall: samples.map { $0[3] }, cpu: samples.map { $0[4] })
  }

  /// What a command that reads a drawing and writes one does, through the library: decoding a
  /// file (`decode`), then encoding the drawing to `output` a piece at a time (`write`), each
  /// timed in process, after the warm-up runs. The reference of the command rows.
  static func library(path: String, output: String, sampler: Sampler) throws -> String {
    let samples = try sampler.collect {
      let (drawing, decoding) = try Clock.timed { try SVGDecoder.decode(contentsOfFile: path) }
      let (_, writing) = try Clock.timed { try Files.write(drawing, to: output) }
      return [decoding, writing]
    }
    return "runs=\(samples.count) decode=\(median(samples.map { $0[0] }))"
      + " write=\(median(samples.map { $0[1] }))"
  }

  /// Exporting a file to a 1024 × 768 PNG, every run from the file: decode, then
  /// `Rasterizer.render`, `PNGEncoder.encode` and writing the PNG. Prints the median of each
  /// phase, of render + encode + write (`png`), and of the whole (`export`).
  static func png(path: String, output: String, sampler: Sampler) throws -> String {
    var size = (0, 0)
    var byteCount = 0
    let samples = try sampler.collect {
      let (drawing, decoding) = try Clock.timed { try SVGDecoder.decode(contentsOfFile: path) }
      let scale = Double(pictureWidth) / drawing.plane.size.width
      let (image, rendering) = try Clock.timed {
        try Rasterizer.render(drawing.plane, scale: scale)
      }
      let (bytes, encoding) = try Clock.timed { try PNGEncoder.encode(image) }
      let (_, writing) = try Clock.timed { try Files.write(bytes, to: output) }
      size = (image.width, image.height)
      byteCount = bytes.count
      return [decoding, rendering, encoding, writing]
    }
    func phase(_ index: Int) -> Double { median(samples.map { $0[index] }) }
    var line = "runs=\(samples.count) decode=\(phase(0)) render=\(phase(1))"
    line += " pngencode=\(phase(2)) write=\(phase(3))"
    line += " png=\(median(samples.map { $0[1] + $0[2] + $0[3] }))"
    line += " export=\(median(samples.map { $0.reduce(0, +) }))"
    line += " width=\(size.0) height=\(size.1) bytes=\(byteCount)"
    return line
  }
}

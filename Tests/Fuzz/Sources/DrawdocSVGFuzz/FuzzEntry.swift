// libFuzzer target for drawdoc's readers, built with `-sanitize=fuzzer,address`.
//
// Every input goes through every reader: both modes of the SVG reader (the strict
// `SVGDecoder.decode` and the import-mode `SVGImporter.importDrawing`), then, through the
// `Drawdoc` product's `ForeignDrawing`, the draw.io reader (with its inflate of compressed
// pages) and the three Excalidraw readers: the scene, and the scene an SVG or PNG export
// carries (base64, zlib); then `ForeignDrawing.importDrawing(_:name:now:page:)`, the way the
// command line and the app read every file, which also reads the JSON form and the drawing a
// drawdoc PNG carries. No selector byte: a saved input replays as the file it is, and a
// reader that is not the input's format refuses it within its first bytes, which costs
// little. Thrown errors are the expected answer to a bad file and are ignored; a crash, a hang (libFuzzer's -timeout), a memory blow-up
// (-rss_limit_mb) or an AddressSanitizer report is a finding. Each input is also read in two
// parts, cut before one of its `<`, as big files are: that read must give the drawing the
// strict read gives, or nothing; anything else stops the run as a finding.
//
// `LLVMFuzzerTestOneInput` is the usual libFuzzer entry point. SwiftPM links an executable
// target with `main` aliased to the module's own entry point (`--defsym main=<Module>_main`),
// which would hide libFuzzer's `main`, so this file supplies that entry point itself with
// `@main` and hands control to libFuzzer's driver, `LLVMFuzzerRunDriver`. Built directly with
// `swiftc -sanitize=fuzzer,address -parse-as-library`, the same file works the same way.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Drawdoc
import DrawdocModel
// Testable (the fuzz target is a debug build) for the read in parts, which is internal, and
// the XML adapter's input it reads, which is the package's own.
@testable import DrawdocSVG
@testable import DrawdocXML

/// A fixed clock and seed, so that a crashing input replays exactly.
private let fixedNow = Timestamp(secondsSince1970: 1_700_000_000)
private let fixedSeed: UInt64 = 42

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  let drawing = try? SVGDecoder.decode(bytes)
  checkReadInParts(bytes, against: drawing)
  _ = try? SVGImporter.importDrawing(bytes, now: fixedNow, seed: fixedSeed)
  for format in ForeignDrawing.Format.allCases {
    _ = try? ForeignDrawing.importDrawing(bytes, format: format, title: "fuzz", now: fixedNow)
  }
  // As the command line and the app read a file: by its name and content. Without a name the
  // content picks the reader (the JSON form and the drawing a PNG carries too); the names pick
  // the draw.io and Excalidraw readers for any bytes.
  for name in ["-", "fuzz.drawio", "fuzz.excalidraw"] {
    _ = try? ForeignDrawing.importDrawing(bytes, name: name, now: fixedNow)
  }
  return 0
}

/// Reads `bytes` in two parts, cut before the `<` that the input's size picks, and stops the
/// run if that gives a drawing other than `drawing`, the strict read's.
private func checkReadInParts(_ bytes: [UInt8], against drawing: Drawing?) {
  let tags = bytes.indices.filter { $0 > 0 && bytes[$0] == UInt8(ascii: "<") }
  guard !tags.isEmpty else { return }
  let cut = tags[bytes.count % tags.count]
  let parted = try? SAXParser.withInput(bytes) { PartedRead.drawing(from: $0, cutAt: [cut]) }
  guard let parted = parted ?? nil else { return }
  if parted != drawing {
    fatalError(
      "cut at \(cut): the read in parts gives \(parted), one thread \(String(describing: drawing))")
  }
}

/// libFuzzer's driver (compiler-rt, LLVM 11 and later): parses the libFuzzer flags in
/// `argv` and runs `callback` on each input, as libFuzzer's own `main` does.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum DrawdocSVGFuzz {
  static func main() {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzz(data, size) })
  }
}

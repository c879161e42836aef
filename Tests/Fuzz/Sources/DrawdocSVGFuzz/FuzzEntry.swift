// libFuzzer target for drawdoc's SVG reader, built with `-sanitize=fuzzer,address`.
//
// Every input goes through both modes of the reader: the strict `SVGDecoder.decode` and the
// import-mode `SVGImporter.importDrawing`. Thrown errors are the expected answer to a bad
// file and are ignored; a crash, a hang (libFuzzer's -timeout), a memory blow-up
// (-rss_limit_mb) or an AddressSanitizer report is a finding.
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
import DrawdocModel
import DrawdocSVG

/// A fixed clock and seed, so that a crashing input replays exactly.
private let fixedNow = Timestamp(secondsSince1970: 1_700_000_000)
private let fixedSeed: UInt64 = 42

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? SVGDecoder.decode(bytes)
  _ = try? SVGImporter.importDrawing(bytes, now: fixedNow, seed: fixedSeed)
  return 0
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

import Glibc

/// `drawdoc-bench MODE …`: the modes the script and the suite run, each in a fresh process.
///
///     drawdoc-bench suite --data DIR --drawdoc PATH [--ref-sax PATH] [--rsvg PATH]
///                         [--sizes 10000,100000,1000000] [--runs 5] [--store-runs 11]
///                         [--store-drawings 10000] [--budget 60] [--note TEXT]…
///     drawdoc-bench decode FILE [--runs N] [--warmup K] [--budget S] [--no-check]
///                          [--reference REF_SAX --scratch DIR]
///     drawdoc-bench encode FILE --out PATH [--runs N] [--warmup K] [--budget S] [--verify]
///                          [--reference REF_SAX --scratch DIR]
///     drawdoc-bench png FILE --out PATH [--runs N] [--warmup K] [--budget S]
///     drawdoc-bench library FILE --out PATH [--runs 1] [--warmup 1]
///     drawdoc-bench make-store DIR [--drawings N] [--rectangles R] [--seed S]
///     drawdoc-bench watch STORE --drawdoc PATH [--changes 200] [--seed S]
///     drawdoc-bench baseline
enum BenchCommand {
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  /// Options as given: `--name value` pairs (repeatable), flags, and positionals.
  struct Options {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    static let flagNames: Set<String> = ["no-check", "verify"]

    init(_ arguments: ArraySlice<String>) throws {
      var rest = arguments[...]
      while let argument = rest.popFirst() {
        guard argument.hasPrefix("--") else {
          positionals.append(argument)
          continue
        }
        let name = String(argument.dropFirst(2))
        if Self.flagNames.contains(name) {
          flags.insert(name)
        } else {
          guard let value = rest.popFirst() else {
            throw UsageError(description: "\(argument) needs a value")
          }
          values[name, default: []].append(value)
        }
      }
    }

    func string(_ name: String) -> String? { values[name]?.last }

    func required(_ name: String) throws -> String {
      guard let value = string(name) else { throw UsageError(description: "--\(name) is required") }
      return value
    }

    func int(_ name: String, default fallback: Int) throws -> Int {
      guard let text = string(name) else { return fallback }
      guard let value = Int(text), value >= 0 else {
        throw UsageError(description: "--\(name) wants a whole number, not '\(text)'")
      }
      return value
    }

    func double(_ name: String, default fallback: Double) throws -> Double {
      guard let text = string(name) else { return fallback }
      guard let value = Double(text), value > 0 else {
        throw UsageError(description: "--\(name) wants a positive number, not '\(text)'")
      }
      return value
    }

    func positional(_ index: Int, _ name: String) throws -> String {
      guard index < positionals.count else { throw UsageError(description: "\(name) is missing") }
      return positionals[index]
    }

    /// `--reference PROGRAM` (run on FILE each round), its standard error in `--scratch DIR`.
    func reference() throws -> DocumentBench.Reference {
      DocumentBench.Reference(
        program: string("reference"), file: try positional(0, "FILE"),
        scratch: string("scratch") ?? "/tmp")
    }

    func sampler() throws -> Sampler {
      Sampler(
        runs: max(1, try int("runs", default: 5)), warmup: try int("warmup", default: 1),
        budget: try double("budget", default: 60))
    }
  }

  /// Runs one mode and returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    guard let mode = arguments.first else {
      printError("usage: drawdoc-bench suite|decode|encode|png|library|make-store|watch|baseline …")
      return 64
    }
    do {
      let options = try Options(arguments.dropFirst())
      switch mode {
      case "decode":
        print(
          try DocumentBench.decode(
            path: try options.positional(0, "FILE"), sampler: try options.sampler(),
            check: !options.flags.contains("no-check"), reference: try options.reference()))
      case "encode":
        print(
          try DocumentBench.encode(
            path: try options.positional(0, "FILE"), output: try options.required("out"),
            sampler: try options.sampler(), verify: options.flags.contains("verify"),
            reference: try options.reference()))
      case "png":
        print(
          try DocumentBench.png(
            path: try options.positional(0, "FILE"), output: try options.required("out"),
            sampler: try options.sampler()))
      case "library":
        var sampler = try options.sampler()
        sampler.runs = max(1, try options.int("runs", default: 1))
        print(
          try DocumentBench.library(
            path: try options.positional(0, "FILE"), output: try options.required("out"),
            sampler: sampler))
      case "make-store":
        let ids = try StoreMaker.make(
          root: try options.positional(0, "DIR"),
          drawings: try options.int("drawings", default: 10_000),
          rectangles: try options.int("rectangles", default: 20),
          seed: UInt64(try options.int("seed", default: 7)))
        print("drawings=\(ids.count)")
      case "watch":
        print(
          try WatchBench.run(
            root: try options.positional(0, "STORE"), drawdoc: try options.required("drawdoc"),
            changes: max(1, try options.int("changes", default: 200)),
            seed: UInt64(try options.int("seed", default: 12))))
      case "baseline":
        print("baseline")
      case "suite":
        return try Suite(options).run()
      default:
        throw UsageError(description: "unknown mode '\(mode)'")
      }
      return 0
    } catch let error as UsageError {
      printError("drawdoc-bench: \(error)")
      return 64
    } catch {
      printError("drawdoc-bench: \(error)")
      return 1
    }
  }
}

/// One line on standard error.
func printError(_ text: String) {
  let line = Array((text + "\n").utf8)
  line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
}

import DrawdocStore

/// Why an output file could not be written; exits with status 73.
struct OutputError: Error, Equatable, CustomStringConvertible {
  /// The file that could not be created.
  let path: String
  /// What the system said.
  let reason: String

  var description: String { "cannot create \(path): \(reason)" }
}

/// Writes output files atomically, so a failed command never leaves a half-written file.
enum OutputFile {
  /// Replaces or creates `path` with `bytes`.
  ///
  /// - Throws: ``OutputError``.
  static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
    do {
      try FileSystem.writeAtomically(bytes, to: path)
    } catch .io(_, _, let reason) {
      throw OutputError(path: path, reason: reason)
    } catch {
      throw OutputError(path: path, reason: error.description)
    }
  }
}

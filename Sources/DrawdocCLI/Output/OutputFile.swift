import DrawdocEditing

/// Why an output file could not be written; exits with status 73.
struct OutputError: Error, Equatable, CustomStringConvertible {
  /// The file that could not be created.
  let path: String
  /// What the system said.
  let reason: String

  var description: String { "cannot create \(path): \(reason)" }
}

/// Writes output files atomically, so a failed command never leaves a half-written file.
///
/// They are not flushed to disk, as `cp` and other tools do not flush what they write: an
/// output can be made again from what it was made of, while flushing a big file waits for
/// the disk (about 0.1 s for 112 MB here). The store's own files are flushed.
enum OutputFile {
  /// Replaces or creates `path` with `bytes`.
  ///
  /// - Throws: ``OutputError``.
  static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
    try write(to: path) { (write) throws(StoreError) in
      // withUnsafeBytes does not pass a typed error on: carry it out by hand.
      var failure: StoreError?
      bytes.withUnsafeBytes { buffer in
        do throws(StoreError) { try write(buffer) } catch { failure = error }
      }
      if let failure { throw failure }
    }
  }

  /// Replaces or creates `path` with content made a piece at a time, each piece written as it
  /// comes, so that a big output never sits in memory whole. The pieces go to a temporary file
  /// beside `path`, which is renamed over it once they are all written: if making or writing
  /// them fails, the temporary file is removed and `path` is left as it was.
  ///
  /// - Parameters:
  ///   - path: The file to replace or create.
  ///   - produce: Makes the content, passing each piece, in order, to the function it
  ///     receives.
  /// - Throws: ``OutputError``.
  static func write(
    to path: String,
    _ produce: (_ write: (UnsafeRawBufferPointer) throws(StoreError) -> Void) throws(StoreError)
      -> Void
  ) throws(OutputError) {
    do {
      try Export.writeFile(at: path, produce)
    } catch .io(_, _, let reason) {
      throw OutputError(path: path, reason: reason)
    } catch {
      throw OutputError(path: path, reason: error.description)
    }
  }
}

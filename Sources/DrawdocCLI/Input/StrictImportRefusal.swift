/// `save --strict` refused a file because importing it raised warnings; exits with 65.
struct StrictImportRefusal: Error, CustomStringConvertible {
  /// The file, as the user named it.
  let path: String
  /// How many warnings the import raised (they are printed before the error).
  let warningCount: Int

  var description: String {
    let warnings = warningCount == 1 ? "1 warning" : "\(warningCount) warnings"
    return "\(path): not saved: --strict refuses a file whose import raises warnings, and "
      + "this one raised \(warnings) (listed above)"
  }
}

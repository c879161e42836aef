/// One word of the command line after the first stage of parsing: an option with its
/// optional attached value, or a positional argument. Each keeps its place in argv.
enum ArgumentToken: Equatable {
  /// `--name`, `--name=value` or `-n`; `value` is set only for the `=` form.
  case option(name: String, value: String?, position: Int)
  /// Anything else, including `-` (standard input) and every word after `--`.
  case positional(String, position: Int)

  /// Splits argv (without the program name) into tokens.
  ///
  /// - Parameter arguments: The words of the command line.
  /// - Returns: The tokens, in order.
  static func tokenize(_ arguments: [String]) -> [ArgumentToken] {
    var tokens: [ArgumentToken] = []
    var onlyPositionals = false
    for (position, word) in arguments.enumerated() {
      if onlyPositionals || word == "-" || !word.hasPrefix("-") || isNegativeNumber(word) {
        tokens.append(.positional(word, position: position))
      } else if word == "--" {
        onlyPositionals = true
      } else if word.hasPrefix("--") {
        let body = word.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          tokens.append(
            .option(
              name: String(body[..<equals]), value: String(body[body.index(after: equals)...]),
              position: position))
        } else {
          tokens.append(.option(name: String(body), value: nil, position: position))
        }
      } else {
        tokens.append(.option(name: String(word.dropFirst()), value: nil, position: position))
      }
    }
    return tokens
  }

  /// `-5` or `-0.5` is a value (a coordinate), not an option.
  private static func isNegativeNumber(_ word: String) -> Bool {
    word.count > 1 && Double(word) != nil
  }
}

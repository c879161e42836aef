/// A command's arguments after binding tokens to its options: the second stage of parsing.
struct ParsedArguments {
  /// The name of the command, for messages.
  let command: String
  private(set) var flags: Set<String> = []
  private(set) var values: [String: String] = [:]
  /// Every value of a repeatable option, in order.
  private(set) var repeatedValues: [String: [String]] = [:]
  /// The positional arguments, in order.
  private(set) var positionals: [String] = []

  /// Binds tokens to a command's options.
  ///
  /// - Parameters:
  ///   - tokens: The tokens after the command's name.
  ///   - command: The command's name, for messages.
  ///   - options: What the command accepts; `--help` is always accepted.
  /// - Throws: ``CommandLineError`` for an unknown option, a missing value, a value given to a
  ///   flag, or an option given twice.
  init(tokens: [ArgumentToken], command: String, options: [OptionSpecification])
    throws(CommandLineError)
  {
    self.command = command
    var index = 0
    while index < tokens.count {
      switch tokens[index] {
      case .positional(let word, _):
        positionals.append(word)
      case .option(let name, let attached, _):
        if name == "help" || name == "h" {
          flags.insert("help")
          index += 1
          continue
        }
        guard
          let option = options.first(where: {
            $0.name == name || (name.count == 1 && $0.shortName.map(String.init) == name)
          })
        else {
          throw .unknownOption(command: command, option: name.count == 1 ? "-\(name)" : "--\(name)")
        }
        if option.valueName == nil {
          guard attached == nil else {
            throw .unexpectedValue(command: command, option: option.name)
          }
          flags.insert(option.name)
        } else {
          var value = attached
          if value == nil, index + 1 < tokens.count,
            case .positional(let next, _) = tokens[index + 1]
          {
            value = next
            index += 1
          }
          guard let value else { throw .missingValue(command: command, option: option.name) }
          if option.repeatable {
            repeatedValues[option.name, default: []].append(value)
            values[option.name] = value
            index += 1
            continue
          }
          guard values.updateValue(value, forKey: option.name) == nil else {
            throw .repeatedOption(command: command, option: option.name)
          }
        }
      }
      index += 1
    }
  }

  /// Whether `--help` was given.
  var wantsHelp: Bool { flags.contains("help") }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of an option, if given (the last, for a repeatable one).
  func value(_ name: String) -> String? { values[name] }

  /// Every value of a repeatable option, in the order given.
  func values(_ name: String) -> [String] { repeatedValues[name] ?? [] }

  /// Refuses positional arguments beyond `count`.
  func expectPositionals(atMost count: Int) throws(CommandLineError) {
    guard positionals.count <= count else {
      throw .unexpectedArgument(command: command, argument: positionals[count])
    }
  }

  /// The positional argument at `index`, named `name` in the error if it is missing.
  func positional(_ index: Int, name: String) throws(CommandLineError) -> String {
    guard index < positionals.count else { throw .missingArgument(command: command, name: name) }
    return positionals[index]
  }
}

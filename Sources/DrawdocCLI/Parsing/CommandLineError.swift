/// A mistake on the command line; every case exits with status 64.
enum CommandLineError: Error, Equatable {
  /// The first word is no command drawdoc knows.
  case unknownCommand(String)
  /// No command was given.
  case missingCommand
  /// An option the command does not have.
  case unknownOption(command: String, option: String)
  /// An option that needs a value came without one.
  case missingValue(command: String, option: String)
  /// A flag was given a value with `=`.
  case unexpectedValue(command: String, option: String)
  /// An option was given twice.
  case repeatedOption(command: String, option: String)
  /// A required positional argument is missing.
  case missingArgument(command: String, name: String)
  /// More positional arguments than the command takes.
  case unexpectedArgument(command: String, argument: String)
  /// A value that is malformed or out of range.
  case invalidValue(command: String, option: String, value: String, expected: String)

  /// The command whose help would help, if any.
  var command: String? {
    switch self {
    case .unknownCommand, .missingCommand: return nil
    case .unknownOption(let command, _), .missingValue(let command, _),
      .unexpectedValue(let command, _), .repeatedOption(let command, _),
      .missingArgument(let command, _), .unexpectedArgument(let command, _),
      .invalidValue(let command, _, _, _):
      return command
    }
  }
}

extension CommandLineError: CustomStringConvertible {
  var description: String {
    switch self {
    case .unknownCommand(let name):
      return "'\(name)' is not a drawdoc command"
    case .missingCommand:
      return "no command given"
    case .unknownOption(let command, let option):
      return "\(command) has no option \(option)"
    case .missingValue(let command, let option):
      return "\(command): --\(option) needs a value"
    case .unexpectedValue(let command, let option):
      return "\(command): --\(option) is a flag and takes no value"
    case .repeatedOption(let command, let option):
      return "\(command): --\(option) is given more than once"
    case .missingArgument(let command, let name):
      return "\(command) needs \(name)"
    case .unexpectedArgument(let command, let argument):
      return "\(command) does not take the argument '\(argument)'"
    case .invalidValue(let command, let option, let value, let expected):
      return "\(command): '\(value)' is not a valid \(option): expected \(expected)"
    }
  }
}

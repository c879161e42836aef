/// An option a command accepts.
struct OptionSpecification {
  /// The long name, without `--`.
  let name: String
  /// The one-letter short name, without `-`, if any.
  let shortName: Character?
  /// The placeholder of the value, such as `FILE`, or `nil` for a flag.
  let valueName: String?
  /// What the value names, for completions; `.text` for a flag.
  let valueKind: ValueKind
  /// One line for the help.
  let help: String
  /// Whether it may be given more than once (each value is kept).
  var repeatable = false

  /// A flag: present or absent.
  static func flag(_ name: String, help: String) -> OptionSpecification {
    OptionSpecification(name: name, shortName: nil, valueName: nil, valueKind: .text, help: help)
  }

  /// An option that takes a value.
  static func value(
    _ name: String, short: Character? = nil, placeholder: String, kind: ValueKind = .text,
    help: String
  ) -> OptionSpecification {
    OptionSpecification(
      name: name, shortName: short, valueName: placeholder, valueKind: kind, help: help)
  }

  /// An option that takes a value and may be given more than once.
  static func repeatable(
    _ name: String, placeholder: String, kind: ValueKind = .text, help: String
  ) -> OptionSpecification {
    var option = value(name, placeholder: placeholder, kind: kind, help: help)
    option.repeatable = true
    return option
  }

  /// An option whose value is one of a few words; its placeholder lists them: `svg|png|json`.
  static func choice(_ name: String, _ choices: [String], help: String) -> OptionSpecification {
    OptionSpecification(
      name: name, shortName: nil, valueName: choices.joined(separator: "|"),
      valueKind: .choices(choices), help: help)
  }

  /// An option whose value is one of `choices`, shown in help as `placeholder` (for a list too
  /// long for the synopsis: the help text names the choices).
  static func choice(
    _ name: String, _ choices: [String], placeholder: String, help: String
  ) -> OptionSpecification {
    OptionSpecification(
      name: name, shortName: nil, valueName: placeholder, valueKind: .choices(choices), help: help)
  }

  /// Whether the option takes a value.
  var takesValue: Bool { valueName != nil }

  /// How the option reads in help: `-o, --output FILE`.
  var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return shortName.map { "-\($0), \(long)" } ?? long
  }
}

/// An option a command accepts.
struct OptionSpecification {
  /// The long name, without `--`.
  let name: String
  /// The one-letter short name, without `-`, if any.
  let shortName: Character?
  /// The placeholder of the value, such as `FILE`, or `nil` for a flag.
  let valueName: String?
  /// One line for the help.
  let help: String

  /// A flag: present or absent.
  static func flag(_ name: String, help: String) -> OptionSpecification {
    OptionSpecification(name: name, shortName: nil, valueName: nil, help: help)
  }

  /// An option that takes a value.
  static func value(
    _ name: String, short: Character? = nil, placeholder: String, help: String
  ) -> OptionSpecification {
    OptionSpecification(name: name, shortName: short, valueName: placeholder, help: help)
  }

  /// How the option reads in help: `-o, --output FILE`.
  var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return shortName.map { "-\($0), \(long)" } ?? long
  }
}

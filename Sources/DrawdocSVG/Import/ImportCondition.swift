/// What a browser makes of an element's conditional attributes, `requiredExtensions` and
/// `systemLanguage`. `requiredFeatures` is left out: browsers no longer evaluate it (SVG 2
/// dropped it).
enum ImportCondition: Equatable {
  /// It is drawn.
  case met
  /// No browser draws it: the attribute, and the list it names or `nil` when that is empty.
  case never(attribute: String, value: String?)
  /// A browser draws it only for readers of these languages.
  case language(String)

  /// The extensions browsers have for `requiredExtensions`: the namespaces of HTML and MathML.
  static let supportedExtensions: Set<Substring> = [
    "http://www.w3.org/1999/xhtml", "http://www.w3.org/1998/Math/MathML",
  ]

  /// The condition of an element with these attributes.
  init(_ attributes: ImportAttributes) {
    if let text = attributes.value("requiredExtensions") {
      let extensions = text.split(whereSeparator: {
        $0.asciiValue.map(NumberScanner.isBlank) ?? false
      })
      if extensions.isEmpty || !extensions.allSatisfy(Self.supportedExtensions.contains) {
        self = .never(attribute: "requiredExtensions", value: extensions.isEmpty ? nil : text)
        return
      }
    }
    if let text = attributes.value("systemLanguage") {
      let languages = text.split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
      guard !languages.isEmpty else {
        self = .never(attribute: "systemLanguage", value: nil)
        return
      }
      self = .language(languages.joined(separator: ", "))
      return
    }
    self = .met
  }
}

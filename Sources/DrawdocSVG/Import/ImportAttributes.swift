import DrawdocModel

/// One attribute of a start tag in import mode.
struct ImportAttribute {
  let name: String
  let isQualified: Bool
  let value: String
  /// The entity the value needs, if any; such a value is never used.
  let entity: String?
}

/// The attributes of a start tag, and the values import mode reads from them: only values
/// that need no entity are ever used.
struct ImportAttributes {
  /// Every attribute, in the order they were written.
  let all: [ImportAttribute]
  /// Those whose value needs no entity.
  let usable: [ImportAttribute]

  init(_ all: [ImportAttribute]) {
    self.all = all
    usable = all.filter { $0.entity == nil }
  }

  /// The value of the first usable attribute without a prefix that has this name.
  func value(_ name: String) -> String? {
    usable.first { !$0.isQualified && $0.name == name }?.value
  }

  /// The usable attributes without a prefix, name and value, in order: what feeds the
  /// cascade.
  var presentation: [(name: String, value: String)] {
    usable.filter { !$0.isQualified }.map { (name: $0.name, value: $0.value) }
  }

  /// The declarations of the `style` attribute, in order.
  var styleDeclarations: [StyleDeclarations.Declaration] {
    value("style").map { StyleDeclarations($0).declarations } ?? []
  }
}

/// A rectangle kept, before ids are settled.
struct ImportCandidate {
  var line: Int
  var x: Double
  var y: Double
  var width: Double
  var height: Double
  var color: Color
  var alpha: Alpha
  var id: Identifier?
}

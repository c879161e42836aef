/// The named styles of draw.io's default stylesheet, and what each sets of the keys
/// ``DrawIOStyle`` reads.
///
/// A piece of a style without `=` (`ellipse`, `plain-purple`) is a name: draw.io copies that
/// entry of its stylesheet into the cell's style where the name stands, so a later `key=value`
/// wins over it and it wins over an earlier one, and it ignores a name its stylesheet does not
/// hold (`9E9E9E`, `rect`). The stylesheet is draw.io's `src/main/webapp/styles/default.xml`,
/// jgraph/drawio commit 5b2e73471e4fea83d681f0cec5d1aaf7c3884996 (2024-12-18), the light theme
/// every file is drawn in unless a reader picks the dark one. An entry that `extend`s another
/// starts from that one's keys, resolved here. Keys drawdoc does not read (fonts, alignment,
/// spacing, `glass`, `perimeter`, …) are left out; a name that sets none of the others is kept,
/// empty, so that the table is the stylesheet's whole list of names.
enum DrawIONamedStyles {
  /// A key and its value, as the stylesheet writes them.
  typealias Property = (key: StaticString, value: StaticString)

  /// The properties a name sets, in the stylesheet's order; `nil` for a name it does not hold.
  static func properties(of name: UnsafeBufferPointer<UInt8>) -> [Property]? {
    for entry in table where DrawIOText.equal(name, entry.name) { return entry.properties }
    return nil
  }

  /// Every name of the stylesheet, in its order, with what it sets.
  static let table: [(name: StaticString, properties: [Property])] = [
    // The styles draw.io starts every vertex and every edge from, names like the others.
    ("defaultVertex", [("shape", "label"), ("fillColor", "default"), ("strokeColor", "default")]),
    ("defaultEdge", [("shape", "connector"), ("rounded", "1"), ("strokeColor", "default")]),
    ("text", [("fillColor", "none"), ("gradientColor", "none"), ("strokeColor", "none")]),
    // extend="text"
    ("edgeLabel", [("fillColor", "none"), ("gradientColor", "none"), ("strokeColor", "none")]),
    ("label", [("rounded", "1")]),
    // extend="label"
    ("icon", [("rounded", "1")]),
    ("swimlane", [("shape", "swimlane")]),
    ("group", [("fillColor", "none"), ("strokeColor", "none"), ("gradientColor", "none")]),
    ("ellipse", [("shape", "ellipse")]),
    ("rhombus", [("shape", "rhombus")]),
    ("triangle", [("shape", "triangle")]),
    ("line", [("shape", "line")]),
    ("image", [("shape", "image")]),
    // extend="image"
    ("roundImage", [("shape", "image")]),
    ("rhombusImage", [("shape", "image")]),
    ("arrow", [("shape", "arrow"), ("fillColor", "default")]),
    // `glass`, which it sets too, is not read.
    ("fancy", [("shadow", "1")]),
    // extend="fancy"
    ("gray", fancy("#B3B3B3", "#F5F5F5", "#666666")),
    ("blue", fancy("#7EA6E0", "#DAE8FC", "#6C8EBF")),
    ("green", fancy("#97D077", "#D5E8D4", "#82B366")),
    ("turquoise", fancy("#67AB9F", "#D5E8D4", "#6A9153")),
    ("yellow", fancy("#FFD966", "#FFF2CC", "#D6B656")),
    ("orange", fancy("#FFA500", "#FFCD28", "#D79B00")),
    ("red", fancy("#EA6B66", "#F8CECC", "#B85450")),
    ("pink", fancy("#B5739D", "#E6D0DE", "#996185")),
    ("purple", fancy("#8C6C9C", "#E1D5E7", "#9673A6")),
    ("plain-gray", plain("#B3B3B3", "#F5F5F5", "#666666")),
    ("plain-blue", plain("#7EA6E0", "#DAE8FC", "#6C8EBF")),
    ("plain-green", plain("#97D077", "#D5E8D4", "#82B366")),
    ("plain-turquoise", plain("#67AB9F", "#D5E8D4", "#6A9153")),
    ("plain-yellow", plain("#FFD966", "#FFF2CC", "#D6B656")),
    ("plain-orange", plain("#FFA500", "#FFCD28", "#D79B00")),
    ("plain-red", plain("#EA6B66", "#F8CECC", "#B85450")),
    ("plain-pink", plain("#B5739D", "#E6D0DE", "#996185")),
    ("plain-purple", plain("#8C6C9C", "#E1D5E7", "#9673A6")),
  ]

  /// A colored style of the stylesheet: a gradient, a fill and a stroke.
  private static func plain(
    _ gradient: StaticString, _ fill: StaticString, _ stroke: StaticString
  ) -> [Property] {
    [("gradientColor", gradient), ("fillColor", fill), ("strokeColor", stroke)]
  }

  /// A colored style that extends `fancy`: its shadow, then the colors.
  private static func fancy(
    _ gradient: StaticString, _ fill: StaticString, _ stroke: StaticString
  ) -> [Property] {
    [("shadow", "1")] + plain(gradient, fill, stroke)
  }
}

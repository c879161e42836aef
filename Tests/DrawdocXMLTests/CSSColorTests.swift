import DrawdocModel
import DrawdocXML
import Testing

// MARK: - Named colors

/// The CSS named colors, typed out independently of the implementation: CSS Color Module
/// Level 3's 147 keywords as the Python package `webcolors` (25.10.0, `names("css3")` and
/// `name_to_hex`) lists them, plus `rebeccapurple`, which CSS Color 4 §6.1 adds.
private let expectedNamedColors: [(name: String, hex: String)] = [
  ("aliceblue", "#f0f8ff"),
  ("antiquewhite", "#faebd7"),
  ("aqua", "#00ffff"),
  ("aquamarine", "#7fffd4"),
  ("azure", "#f0ffff"),
  ("beige", "#f5f5dc"),
  ("bisque", "#ffe4c4"),
  ("black", "#000000"),
  ("blanchedalmond", "#ffebcd"),
  ("blue", "#0000ff"),
  ("blueviolet", "#8a2be2"),
  ("brown", "#a52a2a"),
  ("burlywood", "#deb887"),
  ("cadetblue", "#5f9ea0"),
  ("chartreuse", "#7fff00"),
  ("chocolate", "#d2691e"),
  ("coral", "#ff7f50"),
  ("cornflowerblue", "#6495ed"),
  ("cornsilk", "#fff8dc"),
  ("crimson", "#dc143c"),
  ("cyan", "#00ffff"),
  ("darkblue", "#00008b"),
  ("darkcyan", "#008b8b"),
  ("darkgoldenrod", "#b8860b"),
  ("darkgray", "#a9a9a9"),
  ("darkgreen", "#006400"),
  ("darkgrey", "#a9a9a9"),
  ("darkkhaki", "#bdb76b"),
  ("darkmagenta", "#8b008b"),
  ("darkolivegreen", "#556b2f"),
  ("darkorange", "#ff8c00"),
  ("darkorchid", "#9932cc"),
  ("darkred", "#8b0000"),
  ("darksalmon", "#e9967a"),
  ("darkseagreen", "#8fbc8f"),
  ("darkslateblue", "#483d8b"),
  ("darkslategray", "#2f4f4f"),
  ("darkslategrey", "#2f4f4f"),
  ("darkturquoise", "#00ced1"),
  ("darkviolet", "#9400d3"),
  ("deeppink", "#ff1493"),
  ("deepskyblue", "#00bfff"),
  ("dimgray", "#696969"),
  ("dimgrey", "#696969"),
  ("dodgerblue", "#1e90ff"),
  ("firebrick", "#b22222"),
  ("floralwhite", "#fffaf0"),
  ("forestgreen", "#228b22"),
  ("fuchsia", "#ff00ff"),
  ("gainsboro", "#dcdcdc"),
  ("ghostwhite", "#f8f8ff"),
  ("gold", "#ffd700"),
  ("goldenrod", "#daa520"),
  ("gray", "#808080"),
  ("green", "#008000"),
  ("greenyellow", "#adff2f"),
  ("grey", "#808080"),
  ("honeydew", "#f0fff0"),
  ("hotpink", "#ff69b4"),
  ("indianred", "#cd5c5c"),
  ("indigo", "#4b0082"),
  ("ivory", "#fffff0"),
  ("khaki", "#f0e68c"),
  ("lavender", "#e6e6fa"),
  ("lavenderblush", "#fff0f5"),
  ("lawngreen", "#7cfc00"),
  ("lemonchiffon", "#fffacd"),
  ("lightblue", "#add8e6"),
  ("lightcoral", "#f08080"),
  ("lightcyan", "#e0ffff"),
  ("lightgoldenrodyellow", "#fafad2"),
  ("lightgray", "#d3d3d3"),
  ("lightgreen", "#90ee90"),
  ("lightgrey", "#d3d3d3"),
  ("lightpink", "#ffb6c1"),
  ("lightsalmon", "#ffa07a"),
  ("lightseagreen", "#20b2aa"),
  ("lightskyblue", "#87cefa"),
  ("lightslategray", "#778899"),
  ("lightslategrey", "#778899"),
  ("lightsteelblue", "#b0c4de"),
  ("lightyellow", "#ffffe0"),
  ("lime", "#00ff00"),
  ("limegreen", "#32cd32"),
  ("linen", "#faf0e6"),
  ("magenta", "#ff00ff"),
  ("maroon", "#800000"),
  ("mediumaquamarine", "#66cdaa"),
  ("mediumblue", "#0000cd"),
  ("mediumorchid", "#ba55d3"),
  ("mediumpurple", "#9370db"),
  ("mediumseagreen", "#3cb371"),
  ("mediumslateblue", "#7b68ee"),
  ("mediumspringgreen", "#00fa9a"),
  ("mediumturquoise", "#48d1cc"),
  ("mediumvioletred", "#c71585"),
  ("midnightblue", "#191970"),
  ("mintcream", "#f5fffa"),
  ("mistyrose", "#ffe4e1"),
  ("moccasin", "#ffe4b5"),
  ("navajowhite", "#ffdead"),
  ("navy", "#000080"),
  ("oldlace", "#fdf5e6"),
  ("olive", "#808000"),
  ("olivedrab", "#6b8e23"),
  ("orange", "#ffa500"),
  ("orangered", "#ff4500"),
  ("orchid", "#da70d6"),
  ("palegoldenrod", "#eee8aa"),
  ("palegreen", "#98fb98"),
  ("paleturquoise", "#afeeee"),
  ("palevioletred", "#db7093"),
  ("papayawhip", "#ffefd5"),
  ("peachpuff", "#ffdab9"),
  ("peru", "#cd853f"),
  ("pink", "#ffc0cb"),
  ("plum", "#dda0dd"),
  ("powderblue", "#b0e0e6"),
  ("purple", "#800080"),
  ("rebeccapurple", "#663399"),
  ("red", "#ff0000"),
  ("rosybrown", "#bc8f8f"),
  ("royalblue", "#4169e1"),
  ("saddlebrown", "#8b4513"),
  ("salmon", "#fa8072"),
  ("sandybrown", "#f4a460"),
  ("seagreen", "#2e8b57"),
  ("seashell", "#fff5ee"),
  ("sienna", "#a0522d"),
  ("silver", "#c0c0c0"),
  ("skyblue", "#87ceeb"),
  ("slateblue", "#6a5acd"),
  ("slategray", "#708090"),
  ("slategrey", "#708090"),
  ("snow", "#fffafa"),
  ("springgreen", "#00ff7f"),
  ("steelblue", "#4682b4"),
  ("tan", "#d2b48c"),
  ("teal", "#008080"),
  ("thistle", "#d8bfd8"),
  ("tomato", "#ff6347"),
  ("turquoise", "#40e0d0"),
  ("violet", "#ee82ee"),
  ("wheat", "#f5deb3"),
  ("white", "#ffffff"),
  ("whitesmoke", "#f5f5f5"),
  ("yellow", "#ffff00"),
  ("yellowgreen", "#9acd32"),
]

/// A parsed color with its channels as bytes, so no throwing initializer is involved.
private func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8, opacity: Double = 1)
  -> CSSColorValue
{
  .color(Color(red: red, green: green, blue: blue), opacity: opacity)
}

/// Alternates the case of the letters: `aliceblue` → `AlIcEbLuE`.
private func alternatingCase(_ name: String) -> String {
  String(
    name.enumerated().map { offset, character in
      offset.isMultiple(of: 2) ? Character(character.uppercased()) : character
    })
}

@Test func namedColorTableHasEveryName() {
  #expect(expectedNamedColors.count == 148)
  #expect(CSSColor.namedColors.count == 148)
  #expect(Set(CSSColor.namedColors.keys) == Set(expectedNamedColors.map(\.name)))
  #expect(Set(expectedNamedColors.map(\.name)).count == 148)
}

@Test(arguments: expectedNamedColors)
func namedColorParsesInAnyCase(name: String, hex: String) throws {
  let expected = CSSColorValue.color(try Color(hex: hex), opacity: 1)
  #expect(CSSColor.namedColors[name]?.hex == hex)
  #expect(CSSColor.parse(name) == expected)
  #expect(CSSColor.parse(name.uppercased()) == expected)
  #expect(CSSColor.parse(alternatingCase(name)) == expected)
  #expect(CSSColor.parse(" \(name)\t") == expected)
}

@Test(arguments: [
  ("RED", rgb(255, 0, 0)),
  ("Red", rgb(255, 0, 0)),
  ("DarkSlateGray", rgb(47, 79, 79)),
  ("DarkSlateGrey", rgb(47, 79, 79)),
  ("LIGHTGREY", rgb(211, 211, 211)),
  ("RebeccaPurple", rgb(102, 51, 153)),
  ("\n\r\u{0C} navy \t", rgb(0, 0, 128)),
])
func namedColorSpelling(text: String, expected: CSSColorValue) {
  #expect(CSSColor.parse(text) == expected)
}

// MARK: - Keywords

@Test(arguments: [
  ("none", CSSColorValue.none),
  ("NONE", .none),
  ("None", .none),
  ("  none\n", .none),
  ("transparent", .transparent),
  ("TRANSPARENT", .transparent),
  ("Transparent", .transparent),
  ("currentColor", .currentColor),
  ("currentcolor", .currentColor),
  ("CURRENTCOLOR", .currentColor),
  ("\tcurrentColor ", .currentColor),
])
func keyword(text: String, expected: CSSColorValue) {
  #expect(CSSColor.parse(text) == expected)
}

@Test func keywordsAreNotNamedColors() {
  #expect(CSSColor.namedColors["none"] == nil)
  #expect(CSSColor.namedColors["transparent"] == nil)
  #expect(CSSColor.namedColors["currentcolor"] == nil)
}

// MARK: - Hex

@Test(arguments: [
  ("#abc", rgb(0xAA, 0xBB, 0xCC)),
  ("#ABC", rgb(0xAA, 0xBB, 0xCC)),
  ("#aBc", rgb(0xAA, 0xBB, 0xCC)),
  ("#f00", rgb(255, 0, 0)),
  ("#000", rgb(0, 0, 0)),
  ("#abcd", rgb(0xAA, 0xBB, 0xCC, opacity: Double(0xDD) / 255)),
  ("#abc0", rgb(0xAA, 0xBB, 0xCC, opacity: 0)),
  ("#abcf", rgb(0xAA, 0xBB, 0xCC)),
  ("#aabbcc", rgb(0xAA, 0xBB, 0xCC)),
  ("#AABBCC", rgb(0xAA, 0xBB, 0xCC)),
  ("#0a0B0c", rgb(10, 11, 12)),
  ("#aabbcc80", rgb(0xAA, 0xBB, 0xCC, opacity: 128.0 / 255)),
  ("#AABBCC80", rgb(0xAA, 0xBB, 0xCC, opacity: 128.0 / 255)),
  ("#aabbccff", rgb(0xAA, 0xBB, 0xCC)),
  ("#aabbcc00", rgb(0xAA, 0xBB, 0xCC, opacity: 0)),
  ("  #fff\n", rgb(255, 255, 255)),
])
func hexForm(text: String, expected: CSSColorValue) {
  #expect(CSSColor.parse(text) == expected)
}

@Test func hexAlphaIsTheByteOver255() {
  #expect(CSSColor.parse("#12345680") == rgb(0x12, 0x34, 0x56, opacity: 0.50196078431372548))
  #expect(CSSColor.parse("#1238") == rgb(0x11, 0x22, 0x33, opacity: 0.53333333333333333))
}

// MARK: - rgb() and rgba()

@Test(arguments: [
  // Commas, spaces and case.
  ("rgb(10,20,30)", rgb(10, 20, 30)),
  ("rgb(10, 20, 30)", rgb(10, 20, 30)),
  ("rgb( 10 , 20 , 30 )", rgb(10, 20, 30)),
  ("rgb(\t10,\n20,\r30\u{0C})", rgb(10, 20, 30)),
  ("  RGB(10,20,30)  ", rgb(10, 20, 30)),
  ("Rgba(10,20,30,1)", rgb(10, 20, 30)),
  // The space-separated form of CSS Color 4.
  ("rgb(10 20 30)", rgb(10, 20, 30)),
  ("rgb(  10   20   30  )", rgb(10, 20, 30)),
  ("rgb(10 20 30 / 0.25)", rgb(10, 20, 30, opacity: 0.25)),
  ("rgb(10 20 30/0.25)", rgb(10, 20, 30, opacity: 0.25)),
  ("rgb(10 20 30 / 25%)", rgb(10, 20, 30, opacity: 0.25)),
  ("rgba(10 20 30 / 1)", rgb(10, 20, 30)),
  // Alpha; rgb() and rgba() are aliases in CSS Color 4.
  ("rgba(10, 20, 30, 0.5)", rgb(10, 20, 30, opacity: 0.5)),
  ("rgba(10, 20, 30, .5)", rgb(10, 20, 30, opacity: 0.5)),
  ("rgba(10, 20, 30, 50%)", rgb(10, 20, 30, opacity: 0.5)),
  ("rgba(10, 20, 30, 0)", rgb(10, 20, 30, opacity: 0)),
  ("rgb(10, 20, 30, 0.5)", rgb(10, 20, 30, opacity: 0.5)),
  ("rgba(10, 20, 30)", rgb(10, 20, 30)),
  ("rgba(10, 20, 30, 1.5)", rgb(10, 20, 30)),
  ("rgba(10, 20, 30, -1)", rgb(10, 20, 30, opacity: 0)),
  ("rgba(10, 20, 30, 150%)", rgb(10, 20, 30)),
  ("rgba(10, 20, 30, -5%)", rgb(10, 20, 30, opacity: 0)),
  ("rgba(0%, 0%, 0%, 0.5)", rgb(0, 0, 0, opacity: 0.5)),
  ("rgb(0 0 0 / 50%)", rgb(0, 0, 0, opacity: 0.5)),
  // Percentages: p × 255 / 100, halves rounded up.
  ("rgb(100%, 50%, 0%)", rgb(255, 128, 0)),
  ("rgb(100% 50% 0%)", rgb(255, 128, 0)),
  ("rgb(0%, 20%, 40%)", rgb(0, 51, 102)),
  ("rgb(33.3%, 66.7%, 1%)", rgb(85, 170, 3)),
  ("rgb(0.1%, 0.2%, 99.9%)", rgb(0, 1, 255)),
  // Clamping before rounding.
  ("rgb(300, -20, 0)", rgb(255, 0, 0)),
  ("rgb(256, 255.4, -0.4)", rgb(255, 255, 0)),
  ("rgb(150%, -10%, 0%)", rgb(255, 0, 0)),
  ("rgb(1e400, -1e400, 0)", rgb(255, 0, 0)),
  // Decimals round to the nearest integer, halves up.
  ("rgb(10.4, 10.5, 10.6)", rgb(10, 11, 11)),
  ("rgb(0.5, 254.5, 0.49999)", rgb(1, 255, 0)),
  ("rgb(.5, +7, -0)", rgb(1, 7, 0)),
  ("rgb(-.5, 7.0, 0.0)", rgb(0, 7, 0)),
  // Scientific notation, which CSS numbers allow.
  ("rgb(1e2, 2.5E1, 1e-1)", rgb(100, 25, 0)),
  ("rgb(1e+2 2e0 3E-0)", rgb(100, 2, 3)),
  ("rgb(5e1%, 0%, 0%)", rgb(128, 0, 0)),
])
func rgbFunction(text: String, expected: CSSColorValue) {
  #expect(CSSColor.parse(text) == expected)
}

@Test(arguments: 0...255)
func everyWholeChannel(value: Int) {
  let byte = UInt8(value)
  #expect(CSSColor.parse("rgb(\(value), \(value), \(value))") == rgb(byte, byte, byte))
  #expect(CSSColor.parse("rgb(\(value) 0 \(255 - value))") == rgb(byte, 0, 255 - byte))
}

@Test(arguments: 0...100)
func everyWholePercentage(percent: Int) {
  // round(p × 2.55) with halves up, in integers: ⌊(510 p + 100) / 200⌋.
  let byte = UInt8((510 * percent + 100) / 200)
  #expect(CSSColor.parse("rgb(\(percent)%, 0%, \(percent)%)") == rgb(byte, 0, byte))
}

// MARK: - Refused text

@Test(arguments: [
  // Empty and blank.
  "", " ", "\t\n",
  // Hex.
  "#", "#ebc64", "#ggg", "#ab", "#abcde", "#abcdefa", "#abcdef012", "# abc", "#ab c", "##abc",
  "abc", "aabbcc", "#+bc", "#ａbc",
  // Missing or extra components.
  "rgb(1,2)", "rgb(1 2)", "rgb(1)", "rgb()", "rgb( )", "rgba(1,2)", "rgb(1,2,3,4,5)",
  "rgb(1 2 3 4)", "rgb(1 2 3 / 4 / 5)", "rgb(1 2 3 /)", "rgb(1 2 3 / )", "rgb(1 2 / 3)",
  "rgb(/ 1 2 3)",
  // Bad separators.
  "rgb(1,2,3,)", "rgb(,1,2,3)", "rgb(1,,2,3)", "rgb(1, 2 3)", "rgb(1 2, 3)", "rgb(1,2,3/0.5)",
  "rgb(1 2 3, 0.5)", "rgb(1;2;3)",
  // Mixed numbers and percentages.
  "rgb(100%, 0, 0)", "rgb(0, 50%, 0)", "rgb(0 0 50%)", "rgba(100%, 0, 0, 0.5)",
  // Bad numbers and units.
  "rgb(10px, 0, 0)", "rgb(1e, 2, 3)", "rgb(1., 2, 3)", "rgb(1.2.3 4)", "rgb(1-2-3)",
  "rgb(+, 1, 2)", "rgb(inf, 0, 0)", "rgb(nan, 0, 0)", "rgb(0x10, 0, 0)", "rgb(none 0 0)",
  "rgb(1 2 3 / 50%%)", "rgb(1%%, 2%, 3%)", "rgb(1 2 3 / none)", "rgb(1 2 3 / 0.5x)",
  "rgb(- 1, 2, 3)", "rgb(1 % , 2%, 3%)",
  // Trailing or leading garbage, parentheses, function names.
  "rgb(1, 2, 3) x", "rgb(1,2,3)x", "x rgb(1,2,3)", "rgb(1,2,3))", "rgb((1,2,3))", "rgb(1,2,3",
  "rgb 1,2,3)", "rgb (1,2,3)", "rgbx(1,2,3)", "rgb[1,2,3]", "(1,2,3)", "rgb(1,2,3)(",
  // Other color functions and values.
  "hsl(120, 100%, 50%)", "hsla(120, 100%, 50%, 0.5)", "hwb(120 0% 0%)", "url(#grad)",
  "color(srgb 1 0 0)", "inherit", "red blue", "redd", "grey50", "currentColour", "none none",
  "transparent;", "red;",
  // Only ASCII letters fold: the Kelvin sign and fullwidth letters are not `k` and `red`.
  "\u{212A}haki", "ｒｅｄ", "r\u{0301}ed",
])
func refused(text: String) {
  #expect(CSSColor.parse(text) == nil)
}

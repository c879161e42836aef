import Testing

@testable import DrawdocSVG

/// `StyleDeclarations`, a `style` attribute split as docs/format.md ("Style") says: at `;`
/// outside parentheses and quotes, comments removed, names ASCII-lowercased, values trimmed,
/// `!important` dropped, pieces without a colon skipped.
@Suite struct StyleDeclarationsTests {
  static func pairs(_ text: String) -> [String] {
    StyleDeclarations(text).declarations.map { "\($0.name)=\($0.value)" }
  }

  @Test(
    arguments: [
      ("fill: red", ["fill=red"]), ("fill:red;stroke:blue", ["fill=red", "stroke=blue"]),
      ("fill: red; stroke: blue;", ["fill=red", "stroke=blue"]),
      ("  FILL : Red ; ", ["fill=Red"]), ("FiLl-OpAcItY:0.5", ["fill-opacity=0.5"]),
      ("\u{0C}fill\t:\nred\r", ["fill=red"]),
      // Order and repetition are kept; the cascade decides.
      ("fill: red; fill: blue", ["fill=red", "fill=blue"]),
      // Empty pieces, pieces without a colon and empty names are skipped; an empty value is not.
      ("", []), (";;;", []), (" ; ", []), ("fill", []), ("fill red; stroke: blue", ["stroke=blue"]),
      (": red", []), ("  : red; a:b", ["a=b"]), ("fill:", ["fill="]), ("fill: ;", ["fill="]),
      // The first colon ends the name.
      ("a: b:c", ["a=b:c"]), ("a::b", ["a=:b"]),
      // `;` inside parentheses or quotes does not end a declaration.
      ("fill: url(a;b); x: y", ["fill=url(a;b)", "x=y"]),
      (#"fill: url("a;b"); x: y"#, [#"fill=url("a;b")"#, "x=y"]),
      ("a: f(g(;)); b: c", ["a=f(g(;))", "b=c"]),
      ("content: 'a;b'; fill: red", ["content='a;b'", "fill=red"]),
      (#"content: "a'b;"; x: y"#, [#"content="a'b;""#, "x=y"]),
      (#"a: "(" ; b: c"#, [#"a="(""#, "b=c"]), ("a: '(;)' ; b: c", ["a='(;)'", "b=c"]),
      // An extra `)` does not make the depth negative; an open `(` or quote runs to the end.
      ("a: b); c: d", ["a=b)", "c=d"]), ("a: f(; b: c", ["a=f(; b: c"]),
      ("a: 'b; c: d", ["a='b; c: d"]),
      // Comments go, wherever they are, even unterminated; inside quotes they are text.
      ("fill: /* a; b */ red", ["fill=red"]), ("/* x */fill: red", ["fill=red"]),
      ("fill: red /* unterminated; stroke: blue", ["fill=red"]), ("/**/", []),
      ("fill: red /*/ blue */", ["fill=red"]), ("fill/**/: red", ["fill=red"]),
      ("a: b; /* c: d; */ e: f", ["a=b", "e=f"]), ("a: '/* x */'", ["a='/* x */'"]),
      ("/* a */ /* b */", []), ("a: b /***/ ; c: d", ["a=b", "c=d"]),
      // `!important`, in any case and with blanks after the `!`, is dropped.
      ("fill: red !important", ["fill=red"]), ("fill: red!IMPORTANT", ["fill=red"]),
      ("fill: red ! important ", ["fill=red"]),
      ("fill: red !Important; x: y", ["fill=red", "x=y"]),
      ("fill: !important", ["fill="]),
      // Anything else after a `!` stays in the value.
      ("fill: red !imp", ["fill=red !imp"]), ("fill: red !importantx", ["fill=red !importantx"]),
      ("fill: red! important!", ["fill=red! important!"]),
      // Names fold only ASCII letters; values keep their case and their other characters.
      ("ＦＩＬＬ: x", ["ＦＩＬＬ=x"]), ("Fİll: x", ["fİll=x"]), ("fill: RED", ["fill=RED"]),
      ("font-family: Zapf Dingbats ✿", ["font-family=Zapf Dingbats ✿"]),
      // A no-break space is not a blank.
      ("fill:\u{A0}red", ["fill=\u{A0}red"]),
    ] as [(String, [String])])
  func splits(_ text: String, _ expected: [String]) {
    #expect(Self.pairs(text) == expected)
  }

  @Test func declarationsCompareByNameAndValue() {
    let declarations = StyleDeclarations("a: 1; b: 2").declarations
    #expect(
      declarations == [
        StyleDeclarations.Declaration(name: "a", value: "1"),
        StyleDeclarations.Declaration(name: "b", value: "2"),
      ])
  }
}

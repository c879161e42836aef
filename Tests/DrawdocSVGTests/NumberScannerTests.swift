import DrawdocModel
import DrawdocTestSupport
import Testing

@testable import DrawdocSVG

/// `NumberScanner`, which reads the number lists of path data, transform lists and `viewBox`
/// with every separator SVG allows (SVG 1.1 §8.3.9 and §7.6.1, SVG 2 §9.3.9).
@Suite struct NumberScannerTests {
  /// Reads numbers, each after an optional separator, until none follows; returns them with
  /// what is left.
  static func numbers(in text: String) -> (numbers: [Double], rest: String) {
    var scanner = NumberScanner(Array(text.utf8))
    var numbers: [Double] = []
    while true {
      var next = scanner
      if !numbers.isEmpty { next.skipSeparator() }
      guard let number = next.number() else { break }
      numbers.append(number)
      scanner = next
    }
    return (numbers, String(decoding: scanner.rest(), as: UTF8.self))
  }

  @Test(
    arguments: [
      ("10 20", [10.0, 20], ""), ("10,20", [10, 20], ""), ("10 , 20", [10, 20], ""),
      ("  10\t,\n20  ", [10, 20], ""),
      // A sign or a second point starts the next number without a separator.
      ("10-5", [10, -5], ""), ("10+5", [10, 5], ""), ("0.5.5", [0.5, 0.5], ""),
      ("-.5.5", [-0.5, 0.5], ""), ("1.2.3.4", [1.2, 0.3, 0.4], ""), ("1..5", [1, 0.5], ""),
      ("1e2-3", [100, -3], ""), ("1e-2-3", [0.01, -3], ""), ("-1-1-1", [-1, -1, -1], ""),
      // An exponent counts only with digits after it; the rest is left.
      ("10em", [10], "em"), ("1e", [1], "e"), ("1e+", [1], "e+"), ("1E-2x", [0.01], "x"),
      ("5.e1", [50], ""), ("5.e", [5], "e"), ("1e1e1", [10], "e1"),
      // Two commas, or a comma first, end the list.
      ("1,,2", [1], ",,2"), (",1", [], ",1"), ("1, ,2", [1], ", ,2"), ("1,", [1], ","),
      // What is not a number is left.
      ("", [], ""), ("   ", [], ""), ("x1", [], "x1"), (".", [], "."), ("-", [], "-"),
      ("+.", [], "+."), ("1 x 2", [1], "x 2"), ("1px", [1], "px"), ("1%", [1], "%"),
      // A vertical tab and a no-break space are not blanks.
      ("\u{0B}1", [], "\u{0B}1"), ("\u{A0}1", [], "\u{A0}1"), ("\u{0C}1\u{0C}2", [1, 2], ""),
      ("1\r\n2", [1, 2], ""),
      // Numbers too large to be finite are refused, and stay unread; tiny ones are zero.
      ("1e400", [], "1e400"), ("1 -1e309", [1], "-1e309"), ("1e-400 -1e-400", [0, -0.0], ""),
    ] as [(String, [Double], String)])
  func readsLists(_ text: String, _ expected: [Double], _ rest: String) {
    let result = Self.numbers(in: text)
    #expect(result.numbers.map(\.bitPattern) == expected.map(\.bitPattern), "\(result.numbers)")
    #expect(result.rest == rest)
  }

  @Test func aRefusedNumberLeavesThePositionAlone() {
    for text in ["1e999", "-", ".", "+.e1", "e1", "x"] {
      var scanner = NumberScanner(Array("  \(text)".utf8))
      #expect(scanner.number() == nil)
      // The blanks before it are skipped, nothing else.
      #expect(scanner.index == 2, "\(text)")
    }
  }

  @Test func theIndexFollowsEachNumber() {
    var scanner = NumberScanner(Array(" 10mm -2.5e1,3".utf8))
    #expect(scanner.number() == 10)
    #expect(scanner.index == 3)
    #expect(scanner.word().elementsEqual("mm".utf8))
    #expect(scanner.index == 5)
    #expect(scanner.number() == -25)
    #expect(scanner.index == 12)
    scanner.skipSeparator()
    #expect(scanner.index == 13)
    #expect(scanner.number() == 3)
    #expect(scanner.isAtEnd)
  }

  @Test func wordsAreRunsOfASCIILetters() {
    var scanner = NumberScanner(Array("  translate (1) M10 skewX é".utf8))
    #expect(scanner.word().elementsEqual("translate".utf8))
    #expect(scanner.peekAfterBlanks() == UInt8(ascii: "("))
    scanner.advance()
    #expect(scanner.word().isEmpty)
    #expect(scanner.number() == 1)
    scanner.advance()
    #expect(scanner.word().elementsEqual("M".utf8))
    #expect(scanner.number() == 10)
    #expect(scanner.word().elementsEqual("skewX".utf8))
    #expect(scanner.word().isEmpty)
    #expect(scanner.peekAfterBlanks() == 0xC3)
  }

  @Test(
    arguments: [
      ("5", true), ("-", true), ("+", true), (".", true), ("  .", true), ("\n-x", true),
      ("e", false), (",1", false), ("", false), ("   ", false), ("x", false),
    ] as [(String, Bool)])
  func numberFollows(_ text: String, _ expected: Bool) {
    var scanner = NumberScanner(Array(text.utf8))
    #expect(scanner.numberFollows() == expected)
  }

  @Test func endAndPeek() {
    #expect(NumberScanner([]).isAtEnd)
    #expect(NumberScanner(Array(" \t\r\n\u{0C}".utf8)).isAtEnd)
    var scanner = NumberScanner(Array("  x ".utf8))
    #expect(!scanner.isAtEnd)
    // Asking does not move.
    #expect(scanner.index == 0)
    #expect(scanner.peekAfterBlanks() == UInt8(ascii: "x"))
    #expect(scanner.index == 2)
    scanner.advance()
    #expect(scanner.isAtEnd)
    #expect(scanner.peekAfterBlanks() == nil)
    #expect(scanner.rest().isEmpty)
  }

  @Test func byteClasses() {
    let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0C]
    let letters = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8))
    let digits = Set(Array("0123456789".utf8))
    for byte in UInt8.min...UInt8.max {
      #expect(NumberScanner.isBlank(byte) == blanks.contains(byte), "\(byte)")
      #expect(NumberScanner.isLetter(byte) == letters.contains(byte), "\(byte)")
      #expect(NumberScanner.isDigit(byte) == digits.contains(byte), "\(byte)")
    }
  }

  /// Random lists written with random separators — blanks, a comma between blanks, or
  /// nothing where the next number starts with a sign or a point that cannot belong to the
  /// one before — read back as `Double(String)` reads each number.
  @Test func readsRandomListsWithRandomSeparators() {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0003)
    let blanks = [" ", "\t", "\n", "\r", "\u{0C}", "  "]
    for _ in 0..<5_000 {
      var text = ""
      var expected: [Double] = []
      var previousHasPoint = false
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let number = randomNumberSpelling(using: &random)
        guard let value = Double(number), value.isFinite else { continue }
        if !expected.isEmpty {
          let first = number.first
          let joinable =
            first == "-" || first == "+" || (first == "." && previousHasPoint)
          switch random.next() % 4 {
          case 0 where joinable: break
          case 1: text += ","
          case 2:
            text += blanks[Int(random.next() % 6)] + "," + blanks[Int(random.next() % 6)]
          default: text += blanks[Int(random.next() % 6)]
          }
        }
        text += number
        expected.append(value)
        previousHasPoint = number.contains(".") || number.contains("e") || number.contains("E")
      }
      let result = Self.numbers(in: text)
      #expect(result.numbers.map(\.bitPattern) == expected.map(\.bitPattern), "\(text)")
      #expect(result.rest.isEmpty, "\(text)")
    }
  }
}

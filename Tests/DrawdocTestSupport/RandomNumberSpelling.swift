import DrawdocModel

/// A number in SVG's grammar; short digit strings are frequent, to exercise the fast path.
package func randomNumberSpelling(using random: inout SeededRandomNumberGenerator) -> String {
  var text = ""
  switch random.next() % 3 {
  case 0: text += "-"
  case 1: text += "+"
  default: break
  }
  let count =
    random.next() % 2 == 0
    ? Int.random(in: 1...15, using: &random)
    : Int.random(in: 1...25, using: &random)
  var digits = (0..<count).map { _ in Character(String(random.next() % 10)) }
  if random.next() % 4 == 0 { digits[0] = "0" }
  let point = Int.random(in: 0...count, using: &random)
  if point == 0 {
    text += "." + String(digits)
  } else if point == count && random.next() % 2 == 0 {
    text += String(digits)
  } else {
    text += String(digits[..<point]) + "." + String(digits[point...])
  }
  if random.next() % 3 == 0 {
    text += random.next() % 2 == 0 ? "e" : "E"
    text += ["", "+", "-"][Int(random.next() % 3)]
    text += String(Int.random(in: 0...330, using: &random))
  }
  return text
}

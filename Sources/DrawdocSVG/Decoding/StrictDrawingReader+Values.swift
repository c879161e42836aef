import DrawdocModel
import DrawdocXML

/// The attribute values of strict reading, each read or refused with its location.
extension StrictDrawingReader {

  static let svgNamespace: StaticString = "http://www.w3.org/2000/svg"

  static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// What `parse` makes of an attribute's value, or the error `refusal` makes of the value's
  /// excerpt and location.
  @inline(__always)
  static func parsed<Value>(
    _ attribute: SAXAttribute, in element: SAXElement,
    _ parse: (UnsafeBufferPointer<UInt8>) -> Value?,
    else refusal: (_ value: String, _ line: Int, _ column: Int) -> SVGDecodingError
  ) throws(SVGDecodingError) -> Value {
    if let value = parse(attribute.value) { return value }
    let location = element.location(of: attribute)
    throw refusal(SVGDecodingError.excerpt(attribute.value), location.line, location.column)
  }

  static func coordinate(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Double
  {
    try parsed(attribute, in: element, StrictValue.coordinate) {
      .invalidNumber(attribute: attribute.qualifiedName, value: $0, line: $1, column: $2)
    }
  }

  static func length(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Double
  {
    try parsed(attribute, in: element, StrictValue.length) {
      .invalidLength(attribute: attribute.qualifiedName, value: $0, line: $1, column: $2)
    }
  }

  static func identifier(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Identifier
  {
    try parsed(attribute, in: element, StrictValue.identifier) {
      .invalidIdentifier(value: $0, line: $1, column: $2)
    }
  }

  static func color(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Color
  {
    try parsed(attribute, in: element, StrictValue.color) {
      .invalidColor(value: $0, line: $1, column: $2)
    }
  }

  static func alpha(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Alpha
  {
    try parsed(attribute, in: element, StrictValue.alpha) {
      .invalidOpacity(value: $0, line: $1, column: $2)
    }
  }

  static func timestamp(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Timestamp
  {
    do {
      return try Timestamp(String(decoding: attribute.value, as: UTF8.self))
    } catch {
      throw .invalidTimestamp(
        attribute: attribute.qualifiedName, value: SVGDecodingError.excerpt(attribute.value),
        line: element.location(of: attribute).line,
        column: element.location(of: attribute).column)
    }
  }

  /// Numbers separated by blanks and at most one comma each, as in `viewBox`; an empty list
  /// for anything else.
  static func numberList(_ bytes: UnsafeBufferPointer<UInt8>) -> [Double] {
    var numbers: [Double] = []
    var index = 0
    var expectNumber = true
    while index < bytes.count {
      let byte = bytes[index]
      if isBlank(byte) {
        index += 1
      } else if byte == UInt8(ascii: ",") {
        guard !expectNumber else { return [] }
        expectNumber = true
        index += 1
      } else {
        let start = index
        while index < bytes.count, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ",") {
          index += 1
        }
        guard let number = NumberParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        else { return [] }
        numbers.append(number)
        expectNumber = false
      }
    }
    return expectNumber && !numbers.isEmpty ? [] : numbers
  }
}

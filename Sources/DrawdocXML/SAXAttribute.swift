import DrawdocSystem

/// One attribute of a start tag, valid only during the `startElement` call that receives it.
package struct SAXAttribute {
  /// The start of the local name, NUL-terminated, as libxml2 interned it.
  private let nameStart: UnsafePointer<UInt8>?
  /// The namespace prefix, such as `xlink`, if any.
  package let prefix: UnsafeBufferPointer<UInt8>?
  /// The value, after XML's attribute-value normalization, without the entity references it
  /// held (``SAXElement/entity(ofAttributeAt:)`` names the first). libxml2, substituting no
  /// entity, keeps every literal `&` of a value as `&#38;`; ``text`` decodes it.
  package let value: UnsafeBufferPointer<UInt8>

  @inline(__always)
  init(
    nameStart: UnsafePointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?,
    value: UnsafeBufferPointer<UInt8>
  ) {
    self.nameStart = nameStart
    self.prefix = prefix
    self.value = value
  }

  /// The same attribute with another value.
  func replacingValue(with value: UnsafeBufferPointer<UInt8>) -> SAXAttribute {
    SAXAttribute(nameStart: nameStart, prefix: prefix, value: value)
  }

  /// The local name's token: equal names have equal tokens within one parse.
  package var nameToken: NameToken {
    @inline(__always) get { NameToken(interned: nameStart) }
  }

  /// Whether the attribute has a namespace prefix.
  package var isQualified: Bool { prefix != nil }

  /// The local name, such as `fill`.
  package var name: UnsafeBufferPointer<UInt8> {
    guard let nameStart else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(
      start: nameStart, count: Memory.lengthOfNulTerminatedString(at: nameStart))
  }

  /// The name as written, with its prefix if it had one.
  package var qualifiedName: String {
    let local = String(decoding: name, as: UTF8.self)
    return prefix.map { "\(String(decoding: $0, as: UTF8.self)):\(local)" } ?? local
  }

  /// The value as text: each `&#38;` that libxml2 left for a literal `&` read back as `&`.
  package var text: String {
    let bytes = value
    guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var cursor = 0
    while cursor < bytes.count {
      if bytes[cursor] == UInt8(ascii: "&"), bytes.count - cursor >= 5,
        bytes[(cursor + 1)..<(cursor + 5)].elementsEqual("#38;".utf8)
      {
        decoded.append(UInt8(ascii: "&"))
        cursor += 5
      } else {
        decoded.append(bytes[cursor])
        cursor += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }
}

internal import CLibXML2

/// A start tag, valid only during the `startElement` call that receives it.
package struct SAXElement {
  /// The local name, such as `rect`.
  package let localName: UnsafeBufferPointer<UInt8>
  /// The local name's token: equal names have equal tokens within one parse.
  package let nameToken: NameToken
  /// The namespace prefix, such as `svg` in `<svg:svg>`, if any.
  package let prefix: UnsafeBufferPointer<UInt8>?
  /// The namespace URI, or `nil` when the element is in no namespace.
  package let namespaceURI: UnsafeBufferPointer<UInt8>?
  /// The namespace URI's token, ``NameToken/none`` when the element is in no namespace.
  package let namespaceToken: NameToken
  /// The namespace URI's token, or `nil` when the element is in no namespace.
  package var namespace: NameToken? { namespaceURI == nil ? nil : namespaceToken }
  /// libxml2's five pointers per attribute: local name, prefix, URI, value, value end.
  private let attributeTable: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  /// The number of attributes.
  package let attributeCount: Int
  /// The attributes with the entity references of their values taken out, and the first
  /// reference each held, when the parse has accepted a reference (see
  /// ``SAXParseContext/cleanAttributes(_:count:)``, which owns them); `nil` otherwise.
  private let cleaned: (attributes: UnsafePointer<SAXAttribute>, entities: UnsafePointer<String?>)?
  /// Prefix and URI pairs, one per namespace the tag declares.
  private let namespaceTable: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  private let namespaceCount: Int
  private let parser: xmlParserCtxtPtr

  init(
    localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?,
    namespaceURI: UnsafePointer<xmlChar>?,
    attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, attributeCount: Int,
    cleaned: (attributes: UnsafePointer<SAXAttribute>, entities: UnsafePointer<String?>)?,
    namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, namespaceCount: Int,
    parser: xmlParserCtxtPtr
  ) {
    self.localName = SAXStrings.buffer(localName)
    nameToken = NameToken(interned: localName)
    self.prefix = prefix.map { SAXStrings.buffer($0) }
    self.namespaceURI = namespaceURI.map { SAXStrings.buffer($0) }
    namespaceToken = NameToken(interned: namespaceURI)
    attributeTable = attributes
    self.attributeCount = attributeCount
    self.cleaned = cleaned
    namespaceTable = namespaces
    self.namespaceCount = namespaceCount
    self.parser = parser
  }

  /// The attribute at `index`, in the order they were written.
  @inline(__always)
  package func attribute(_ index: Int) -> SAXAttribute {
    if let cleaned { return cleaned.attributes[index] }
    return Self.attribute(index, in: attributeTable)
  }

  /// The first entity reference the value of the attribute at `index` held, which was left
  /// out of it (`""` when the reference cannot be named); `nil` for a value that held none.
  package func entity(ofAttributeAt index: Int) -> String? {
    cleaned?.entities[index]
  }

  /// The attribute at `index` of libxml2's table, as libxml2 gives it.
  @inline(__always)
  static func attribute(
    _ index: Int, in table: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) -> SAXAttribute {
    let entry = table.map { $0 + index * 5 }
    let name = entry?[0]
    let prefix = entry?[1]
    let value = entry?[3]
    let valueEnd = entry?[4]
    return SAXAttribute(
      nameStart: name, prefix: prefix.map { SAXStrings.buffer($0) },
      value: SAXStrings.buffer(from: value, to: valueEnd))
  }

  /// A start tag with this element's name that declares the namespaces this one declares,
  /// and nothing else, and the matching end tag: what a run of this element's content needs
  /// around it to be parsed on its own, as it is inside the element.
  package var bareTags: (start: [UInt8], end: [UInt8]) {
    var name: [UInt8] = []
    if let prefix { name += prefix + [UInt8(ascii: ":")] }
    name += localName
    var start = [UInt8(ascii: "<")] + name
    for index in 0..<namespaceCount {
      let declaredPrefix = namespaceTable?[2 * index]
      let uri = namespaceTable?[2 * index + 1]
      start += Array(" xmlns".utf8)
      if let declaredPrefix { start += [UInt8(ascii: ":")] + SAXStrings.buffer(declaredPrefix) }
      start += Array("=\"".utf8)
      // libxml2, substituting no entity, reports an `&` in a value as `&#38;`, which parses
      // back to the same; only what it decoded from other references is written as one.
      for byte in SAXStrings.buffer(uri) {
        switch byte {
        case UInt8(ascii: "<"): start += Array("&lt;".utf8)
        case UInt8(ascii: "\""): start += Array("&quot;".utf8)
        // Written as they are, these would be normalized to spaces.
        case 0x09, 0x0A, 0x0D: start += Array("&#\(byte);".utf8)
        default: start.append(byte)
        }
      }
      start.append(UInt8(ascii: "\""))
    }
    start.append(UInt8(ascii: ">"))
    return (start, Array("</".utf8) + name + [UInt8(ascii: ">")])
  }

  /// Whether libxml2 takes the input as UTF-8, with no conversion: then bytes from the middle
  /// of it mean the same on their own.
  package var inputIsUTF8: Bool {
    guard let buffer = parser.pointee.input?.pointee.buf else { return false }
    return buffer.pointee.encoder == nil
  }

  /// Where the start tag begins (its `<`).
  package var location: SourceLocation {
    SAXLocations.locationOfStartTag(in: parser)
  }

  /// The line where the start tag begins: ``location``'s line, found in half the time.
  package var line: Int {
    SAXLocations.lineOfStartTag(in: parser)
  }

  /// Where an attribute's value begins, or the start tag's location if libxml2 had to copy
  /// the value out of its input buffer (entity or whitespace normalization).
  package func location(of attribute: SAXAttribute) -> SourceLocation {
    SAXLocations.location(of: attribute.value.baseAddress, in: parser) ?? location
  }

  /// Where an attribute's name begins: back from its value over the quote, `=` and blanks;
  /// the start tag's location for a value that is not in the input.
  package func location(ofNameOf attribute: SAXAttribute) -> SourceLocation {
    SAXLocations.location(
      ofNameBefore: attribute.value.baseAddress,
      nameLength: attribute.qualifiedName.utf8.count, in: parser) ?? location
  }
}

import DrawdocSystem
import DrawdocXML

// The names strict reading knows, matched on their bytes once and then by their tokens.

extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes are exactly the literal's UTF-8: the hot path compares names this way.
  func equals(_ literal: StaticString) -> Bool {
    guard count == literal.utf8CodeUnitCount else { return false }
    guard let baseAddress, count > 0 else { return true }
    return Memory.equal(baseAddress, literal.utf8Start, count: count)
  }
}

/// The attributes of `<svg>`, matched on their bytes.
enum RootAttribute {
  case width, height, viewBox, version, id, created, modified

  init?(_ name: UnsafeBufferPointer<UInt8>) {
    switch name.count {
    case 5 where name.equals("width"): self = .width
    case 6 where name.equals("height"): self = .height
    case 7 where name.equals("viewBox"): self = .viewBox
    case 7 where name.equals("data-id"): self = .id
    case 12 where name.equals("data-drawdoc"): self = .version
    case 12 where name.equals("data-created"): self = .created
    case 13 where name.equals("data-modified"): self = .modified
    default: return nil
    }
  }
}

/// The attributes of `<rect>`, matched on their bytes: the hot path of reading.
enum RectangleField: Int {
  case id, x, y, width, height, fill, opacity

  init?(_ name: UnsafeBufferPointer<UInt8>) {
    switch name.count {
    case 1 where name[0] == UInt8(ascii: "x"): self = .x
    case 1 where name[0] == UInt8(ascii: "y"): self = .y
    case 4 where name.equals("fill"): self = .fill
    case 5 where name.equals("width"): self = .width
    case 6 where name.equals("height"): self = .height
    case 7 where name.equals("data-id"): self = .id
    case 12 where name.equals("fill-opacity"): self = .opacity
    default: return nil
    }
  }
}

/// The name tokens of the `rect` attributes seen so far: after the first rectangle, an
/// attribute is recognized by comparing its name's token, first with the one the canonical
/// order puts at its position.
struct RectangleFieldNames {
  private var tokens:
    (NameToken, NameToken, NameToken, NameToken, NameToken, NameToken, NameToken) = (
      .none, .none, .none, .none, .none, .none, .none
    )

  @inline(__always)
  private func token(_ kind: Int) -> NameToken {
    switch kind {
    case 0: return tokens.0
    case 1: return tokens.1
    case 2: return tokens.2
    case 3: return tokens.3
    case 4: return tokens.4
    case 5: return tokens.5
    default: return tokens.6
    }
  }

  private mutating func learn(_ token: NameToken, as kind: RectangleField) {
    switch kind {
    case .id: tokens.0 = token
    case .x: tokens.1 = token
    case .y: tokens.2 = token
    case .width: tokens.3 = token
    case .height: tokens.4 = token
    case .fill: tokens.5 = token
    case .opacity: tokens.6 = token
    }
  }

  /// What the unqualified attribute is, or `nil` for a name the format does not have.
  @inline(__always)
  mutating func kind(of attribute: SAXAttribute, expected position: Int) -> RectangleField? {
    let name = attribute.nameToken
    if position < 7, token(position) == name { return RectangleField(rawValue: position) }
    for kind in 0..<7 where token(kind) == name { return RectangleField(rawValue: kind) }
    guard let kind = RectangleField(attribute.name) else { return nil }
    learn(name, as: kind)
    return kind
  }
}

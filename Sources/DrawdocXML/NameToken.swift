/// A name or a namespace URI of one parse, as a token: libxml2 keeps one copy of each name
/// per parse, and the token stands for that copy. Equal names have equal tokens within one
/// parse, and comparing two tokens costs what comparing two integers costs, so a reader
/// classifies a name once by its bytes and from then on by its token.
///
/// A token means nothing outside its parse: two parses may give one token to two names.
package struct NameToken: Hashable, Sendable {
  private let bits: UInt

  /// The token of a name that libxml2 interned; only the adapter makes tokens.
  @inline(__always)
  init(interned start: UnsafePointer<UInt8>?) {
    bits = UInt(bitPattern: start)
  }

  /// A token no name has: what a reader knows before it has seen the name it waits for.
  package static let none = NameToken(interned: nil)
}

/// The largest documents the adapter reads. Past each limit, a parse stops with
/// ``XMLReadError/limitExceeded(what:limit:line:column:)`` instead of using memory or time
/// without bound.
package enum XMLLimits {
  /// The largest document, in bytes: 4 GiB.
  package static let maximumFileSize = 4 << 30
  /// The deepest nesting of elements; libxml2's own default limit, which its push parser
  /// does not apply by itself.
  package static let maximumDepth = 256
  /// The longest attribute value or piece of text, in bytes: libxml2's limit without
  /// `XML_PARSE_HUGE`, which drawdoc never sets.
  package static let maximumValueLength = 10_000_000
}

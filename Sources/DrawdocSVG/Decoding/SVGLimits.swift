import DrawdocModel
import DrawdocXML

/// The largest documents drawdoc reads. Past each limit, reading stops with
/// ``SVGDecodingError/limitExceeded(what:limit:line:column:)`` instead of using memory or
/// time without bound; memory grows with the rectangles read, never with the bytes.
public enum SVGLimits {
  /// The largest file, in bytes: 4 GiB.
  public static let maximumFileSize = XMLLimits.maximumFileSize
  /// The most rectangles in one drawing.
  public static let maximumRectangleCount = Plane.maximumRectangleCount
  /// The deepest nesting of elements; libxml2's own default limit, which its push parser
  /// does not apply by itself.
  public static let maximumDepth = XMLLimits.maximumDepth
  /// The longest attribute value or piece of text, in bytes: libxml2's limit without
  /// `XML_PARSE_HUGE`, which drawdoc never sets.
  public static let maximumValueLength = XMLLimits.maximumValueLength
}

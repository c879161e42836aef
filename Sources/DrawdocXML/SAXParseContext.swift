internal import CLibXML2
import DrawdocSystem

/// What the C callbacks reach through libxml2's user-data pointer: a value that the parse
/// allocates, owns and frees, so that a callback reaches it without reference counting.
struct SAXParseContext {
  /// The parse holds the handler, and this delivery to it, for its whole length.
  unowned(unsafe) let delivery: any SAXDelivery
  var parser: xmlParserCtxtPtr?
  /// How many elements are open: libxml2's push parser does not bound it by itself.
  var depth = 0
  /// Whether the handler has accepted an entity reference: from then on, attribute values
  /// and text are searched for the placeholders that stand for references.
  var acceptedEntity = false
  /// Accepted references not yet placed: each is in the next start tag's attribute values,
  /// or was elsewhere and is told to ``SAXHandler/skippedEntity(named:at:)``.
  var pendingEntities: [(name: String, location: SourceLocation)] = []
  /// What an accepted reference stands for inside libxml2: a predefined entity (so that
  /// libxml2 never parses, loads or counts anything for it) whose text is one NUL byte, which
  /// no XML text can hold, so it marks the spot. No NUL leaves the adapter.
  let placeholderEntity: UnsafeMutablePointer<xmlEntity>
  private let placeholderBytes: UnsafeMutablePointer<xmlChar>
  /// What ``cleanAttributes(_:count:)`` made for the start tag being delivered: the
  /// attributes, their values without placeholders, and the first reference of each.
  private var cleanedAttributes = UnsafeMutableBufferPointer<SAXAttribute>(start: nil, count: 0)
  private var cleanedValues: [UnsafeMutableBufferPointer<UInt8>] = []
  private var cleanedEntities = UnsafeMutableBufferPointer<String?>(start: nil, count: 0)

  init(delivery: any SAXDelivery) {
    self.delivery = delivery
    // "\0\0": a one-byte text (NUL) that is also a terminated C string, and an empty name.
    placeholderBytes = .allocate(capacity: 2)
    placeholderBytes.initialize(repeating: 0, count: 2)
    placeholderEntity = .allocate(capacity: 1)
    var entity = xmlEntity()
    entity.type = XML_ENTITY_DECL
    entity.etype = XML_INTERNAL_PREDEFINED_ENTITY
    entity.name = UnsafePointer(placeholderBytes + 1)
    entity.content = placeholderBytes
    entity.length = 1
    placeholderEntity.initialize(to: entity)
  }

  /// Frees what the context allocated; the parse calls it once, at its end.
  mutating func release() {
    // libxml2 keeps nothing in the placeholder, but would own what it stored there.
    // libxml2 allocates with the C library's `malloc` (drawdoc sets no allocator of its own).
    if let orig = placeholderEntity.pointee.orig { Memory.freeCAllocation(orig) }
    placeholderEntity.deinitialize(count: 1)
    placeholderEntity.deallocate()
    placeholderBytes.deallocate()
    freeCleaned()
  }

  /// Whether the handler or the adapter has stopped the parse with an error.
  var hasFailed: Bool { delivery.hasFailed }

  /// Keeps the first error and stops the parser, so that nothing after it is read.
  func fail(_ error: XMLReadError) {
    delivery.fail(error)
    stopIfFailed()
  }

  /// Stops the parser once there is an error, so that nothing after it is read.
  func stopIfFailed() {
    if delivery.hasFailed, let parser { xmlStopParser(parser) }
  }

  /// Tells the handler of the accepted references not yet placed, as skipped: before an event
  /// that is not a start tag, or those before a start tag's own.
  @inline(__always)
  mutating func flushPendingEntities(keepingLast kept: Int = 0) {
    guard pendingEntities.count > kept else { return }
    for (name, location) in pendingEntities.dropLast(kept) {
      delivery.skippedEntity(named: name, at: location)
    }
    pendingEntities.removeFirst(pendingEntities.count - kept)
  }

  /// The attributes of a start tag with the placeholders of their values taken out, and the
  /// first reference each held; the references the tag's values do not account for were
  /// before it, and are told as skipped. `nil` when no entity was ever accepted. What it
  /// returns lasts until the next call, or the end of the parse.
  @inline(__always)
  mutating func cleanAttributes(
    _ table: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int
  ) -> (attributes: UnsafePointer<SAXAttribute>, entities: UnsafePointer<String?>)? {
    guard acceptedEntity else { return nil }
    return clean(table, count: count)
  }

  private mutating func clean(_ table: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int)
    -> (attributes: UnsafePointer<SAXAttribute>, entities: UnsafePointer<String?>)
  {
    freeCleaned()
    let attributes = UnsafeMutablePointer<SAXAttribute>.allocate(capacity: max(1, count))
    let entities = UnsafeMutablePointer<String?>.allocate(capacity: max(1, count))
    cleanedAttributes = UnsafeMutableBufferPointer(start: attributes, count: max(1, count))
    cleanedEntities = UnsafeMutableBufferPointer(start: entities, count: max(1, count))
    cleanedEntities.initialize(repeating: nil)
    var placeholders = 0
    for index in 0..<count {
      let attribute = SAXElement.attribute(index, in: table)
      cleanedAttributes.initializeElement(at: index, to: attribute)
      placeholders += attribute.value.lazy.filter { $0 == 0 }.count
    }
    let inTag = min(placeholders, pendingEntities.count)
    flushPendingEntities(keepingLast: inTag)
    var names = pendingEntities.map(\.name)[...]
    pendingEntities = []
    for index in 0..<count where cleanedAttributes[index].value.contains(0) {
      let value = cleanedAttributes[index].value
      var entity: String?
      let cleaned = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: value.count)
      cleanedValues.append(cleaned)
      var length = 0
      for byte in value {
        if byte == 0 {
          if entity == nil { entity = names.first ?? "" }
          if !names.isEmpty { names.removeFirst() }
        } else {
          cleaned[length] = byte
          length += 1
        }
      }
      cleanedAttributes[index] = cleanedAttributes[index].replacingValue(
        with: UnsafeBufferPointer(rebasing: cleaned[..<length]))
      cleanedEntities[index] = entity
    }
    return (UnsafePointer(attributes), UnsafePointer(entities))
  }

  private mutating func freeCleaned() {
    for buffer in cleanedValues { buffer.deallocate() }
    cleanedValues = []
    cleanedAttributes.deallocate()
    cleanedEntities.deinitialize()
    cleanedEntities.deallocate()
    cleanedAttributes = UnsafeMutableBufferPointer(start: nil, count: 0)
    cleanedEntities = UnsafeMutableBufferPointer(start: nil, count: 0)
  }
}

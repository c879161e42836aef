import DrawdocJSON
import DrawdocStore

/// Devices and links as JSON, for `drawdoc devices --json`, `drawdoc share --list --json` and
/// the app's settings: one form for both (Schema/drawdoc-devices.schema.json and
/// Schema/drawdoc-links.schema.json).
package enum AccessView {
  /// `{name, paired, lastSeen, address}`.
  package static func device(_ device: PairedDevice) -> JSONValue {
    .object([
      ("name", .string(device.name)), ("paired", .string(device.paired.description)),
      ("lastSeen", device.lastSeen.map { .string($0.description) } ?? .null),
      ("address", device.address.map(JSONValue.string) ?? .null),
    ])
  }

  /// `{id, drawing, view, created, expires}`.
  package static func link(_ link: SharedLink) -> JSONValue {
    .object([
      ("id", .string(link.id)), ("drawing", .string(link.drawing.description)),
      ("view", .bool(link.viewOnly)), ("created", .string(link.created.description)),
      ("expires", link.expires.map { .string($0.description) } ?? .null),
    ])
  }
}

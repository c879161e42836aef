import DrawdocJSON
import DrawdocModel

/// Writes a drawing as an Excalidraw scene (`.excalidraw`, version 2) that Excalidraw opens
/// and ``ExcalidrawReader`` reads back as the same drawing, bit for bit.
///
/// Each rectangle is a `rectangle` element, bottom first, with its id, a solid fill of its
/// color, `opacity` ten times its alpha, no stroke, straight edges (`roughness` 0) and square
/// corners. `seed` and `versionNonce` are derived from the id and `updated` is the drawing's
/// modification time, so the same drawing always gives the same bytes. The drawing's id,
/// title, canvas and times, which Excalidraw has no place for, are in a top-level `drawdoc`
/// member (the header of the JSON form), and again in each element's `customData`, as
/// `{"drawdoc": HEADER}`: Excalidraw drops the top-level member when it saves the scene, but
/// keeps each element's `customData` (its app state keeps nothing that could hold them).
///
/// The text is `JSONValue`'s document form (each element on a line of its own), written
/// straight into bytes one element at a time, so that `write(_:pieceSize:to:)`
/// (`DrawingTextFormat`) hands it on a piece at a time and a big drawing's scene never sits in
/// memory whole.
package enum ExcalidrawWriter: DrawingTextFormat {
  /// About how many bytes an element takes.
  package static var bytesPerRectangle: Int { 660 }

  /// The scene's bytes.
  package static func encode(_ drawing: Drawing) -> [UInt8] {
    text(of: drawing)
  }

  /// The scene: its type, each rectangle's element on a line of its own (`handOn` is called
  /// before each), the app state, the files and the drawing's own `drawdoc` member.
  package static func append<Failure: Error>(
    _ drawing: Drawing, to output: inout [UInt8],
    handOn: (inout [UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    output.append(
      literal: #"{"type": "excalidraw", "version": 2, "source": "drawdoc", "elements": ["#)
    // Every element has the same `updated`: its text is made once.
    var updated: [UInt8] = []
    ShortestDecimal.append(Double(drawing.modified.secondsSince1970) * 1000, to: &updated)
    // So does the drawing's header, which every element carries.
    let header = DrawingJSON.header(of: drawing).serialized
    for (index, rectangle) in drawing.plane.rectangles.enumerated() {
      try handOn(&output)
      output.append(literal: index == 0 ? "\n  " : ",\n  ")
      appendElement(for: rectangle, updated: updated, header: header, to: &output)
    }
    output.append(literal: drawing.plane.isEmpty ? "]" : "\n]")
    output.append(
      literal: ##", "appState": {"viewBackgroundColor": "#ffffff"}, "files": {}, "drawdoc": "##)
    output.append(contentsOf: header)
    output.append(literal: "}\n")
  }

  /// Appends one rectangle's element, as `JSONValue` writes the object (an id, a color and
  /// numbers never need escaping).
  ///
  /// - Parameters:
  ///   - rectangle: The rectangle.
  ///   - updated: The text of the `updated` number.
  ///   - header: The text of the drawing's header, the value of `customData`'s `drawdoc`.
  ///   - output: The scene so far.
  private static func appendElement(
    for rectangle: Rectangle, updated: [UInt8], header: [UInt8], to output: inout [UInt8]
  ) {
    let raw = rectangle.id.rawValue
    output.append(literal: #"{"id": ""#)
    rectangle.id.appendUTF8(to: &output)
    output.append(literal: #"", "type": "rectangle", "#)
    DrawingJSON.appendGeometry(of: rectangle, to: &output)
    output.append(literal: #", "angle": 0, "strokeColor": "transparent", "backgroundColor": ""#)
    rectangle.color.appendHex(to: &output)
    output.append(literal: #"", "fillStyle": "solid", "strokeWidth": 1, "strokeStyle": "solid", "#)
    output.append(literal: #""roughness": 0, "opacity": "#)
    ShortestDecimal.append(Double(rectangle.alpha.level) * 10, to: &output)
    output.append(
      literal: #", "groupIds": [], "frameId": null, "roundness": null, "seed": "#)
    ShortestDecimal.append(Double(raw % 2_147_483_647 + 1), to: &output)
    output.append(literal: #", "version": 1, "versionNonce": "#)
    ShortestDecimal.append(Double(raw / 2_147_483_647 % 2_147_483_647 + 1), to: &output)
    output.append(literal: #", "isDeleted": false, "boundElements": null, "updated": "#)
    output.append(contentsOf: updated)
    output.append(literal: #", "link": null, "locked": false, "customData": {"drawdoc": "#)
    output.append(contentsOf: header)
    output.append(literal: "}}")
  }
}

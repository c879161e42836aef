import DrawdocModel
import DrawdocTestSupport
import Testing

/// A plane records its edits step by step, and the steps take the edits back and make them
/// again exactly.
@Suite struct PlaneEditTests {
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func recordedStepsTakeEditsBackAndMakeThemAgain(seed: UInt64) throws {
    var edits = RandomEdits(seed: seed)
    var plane = try Plane(title: "Steps")
    for _ in 0..<6 { try plane.add(edits.rectangle(for: plane)) }
    var drawing = Drawing(
      id: try Identifier("abc-def-ghi"), created: Timestamp(secondsSince1970: 0),
      modified: Timestamp(secondsSince1970: 0), plane: plane)
    for step in 0..<200 {
      let planned = try edits.plan(for: drawing)
      let before = drawing.plane
      var changed = drawing
      changed.plane.startRecordingEdits()
      _ = try? planned.apply(&changed)
      guard let steps = changed.plane.finishRecordingEdits() else {
        // The whole plane was replaced: nothing was recorded on the one replaced.
        drawing = changed
        continue
      }
      var undone = changed.plane
      undone.undo(steps)
      try undone.rename(to: before.title)
      undone.size = before.size
      #expect(undone == before, "seed \(seed), step \(step)")
      // The index is whole again: every rectangle is found where it is.
      for (index, rectangle) in undone.rectangles.enumerated() {
        #expect(undone.zIndex(of: rectangle.id) == index)
      }
      var redone = before
      redone.redo(steps)
      #expect(redone.rectangles == changed.plane.rectangles, "seed \(seed), step \(step)")
      drawing = changed
    }
  }

  @Test func aPlaneRecordsNothingUnlessAsked() throws {
    var plane = try Plane(title: "Quiet")
    try plane.add(
      Rectangle(
        id: try Identifier("aaa-aaa-aaa"), point: try Point(x: 1, y: 2),
        size: try Size(width: 3, height: 4), color: Color(red: 1, green: 2, blue: 3),
        alpha: try Alpha(level: 5)))
    #expect(plane.finishRecordingEdits() == nil)
    plane.startRecordingEdits()
    try plane.updateAlpha(of: try Identifier("aaa-aaa-aaa"), to: try Alpha(level: 6))
    #expect(plane.finishRecordingEdits()?.count == 1)
    #expect(plane.finishRecordingEdits() == nil)
  }
}

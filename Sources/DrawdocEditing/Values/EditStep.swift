import DrawdocModel
import DrawdocStore

/// One step of an edit the drawing app makes at once: an edit of many rectangles is many steps,
/// and ``Editing/apply(_:to:)`` makes them one change, one new version.
///
/// Steps say what they expect to find rather than which version they were made on: a field is
/// changed only if it still holds the value the page showed (`was`), so that two people editing
/// different fields of the same rectangle both get their way, and a relative step (``shift``)
/// applies to whatever value is current when it arrives. What a step finds changed it leaves as
/// it is, with a ``Notice`` that says so.
package enum EditStep: Hashable, Sendable {
  /// Sets the fields `to` gives, each only if it still holds its value in `was` (a field `was`
  /// does not give is set whatever it holds).
  case set(Identifier, to: RectangleEdit, was: RectangleEdit)
  /// Moves, resizes or changes the alpha by amounts, from the values current when it arrives.
  /// The alpha stays within 1…10.
  case shift(Identifier, by: RectangleShift)
  /// Adds a rectangle with the fields given (the others from the factory), with the id given
  /// (a fresh one when `nil`) at the z-index given (on top when `nil`).
  case add(RectangleEdit, id: Identifier?, at: Int?)
  /// Removes a rectangle, only if it still is `was` when that is given.
  case remove(Identifier, was: Rectangle?)
  /// Moves a rectangle to a z-index.
  case place(Identifier, at: Int)
  /// Moves rectangles in z-order, keeping their order among themselves.
  case order([Identifier], OrderTarget)
  /// Takes rectangles out and puts each back at its z-index, the lowest first, in one pass:
  /// how the layers panel moves a selection to a place, and how a reordering is taken back.
  case arrange([Placement])
  /// Renames the drawing, only if its title still is `was` when that is given.
  case rename(to: String, was: String?)
}

/// Amounts a ``EditStep/shift(_:by:)`` adds to a rectangle's fields.
package struct RectangleShift: Hashable, Sendable {
  /// Added to the left edge.
  package var x: Double
  /// Added to the top edge.
  package var y: Double
  /// Added to the width.
  package var width: Double
  /// Added to the height.
  package var height: Double
  /// Added to the alpha level, which then stays within 1…10.
  package var alpha: Int

  /// Makes a shift; each amount is 0 unless given.
  package init(
    x: Double = 0, y: Double = 0, width: Double = 0, height: Double = 0, alpha: Int = 0
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.alpha = alpha
  }
}

/// A rectangle and the z-index ``EditStep/arrange(_:)`` puts it at.
package struct Placement: Hashable, Sendable {
  /// The rectangle.
  package var id: Identifier
  /// Its z-index once the others listed with it are in place too: 0 is the bottom.
  package var zIndex: Int

  /// Makes a placement.
  package init(_ id: Identifier, at zIndex: Int) {
    self.id = id
    self.zIndex = zIndex
  }
}

/// Where ``EditStep/order(_:_:)`` moves rectangles in z-order.
package enum OrderTarget: String, Hashable, Sendable, CaseIterable {
  /// To the top.
  case front
  /// One place up, each above the rectangle just above it that is not moving.
  case forward
  /// One place down.
  case backward
  /// To the bottom.
  case back
}

/// A step of an edit that the model refuses (a shift to a width of 0): the whole edit is
/// refused and changes nothing.
package struct RefusedStep: Error, Equatable, Sendable, CustomStringConvertible {
  /// The step, counted from 1 in the order given; for a run of additions, the run's first.
  package var step: Int
  /// Why the model refuses it.
  package var error: ModelError

  /// `step 2: width is 0.0: it must be a finite number greater than 0`.
  package var description: String { "step \(step): \(error)" }
}

/// What an edit left as it found it, in words a person reads: someone else had changed it.
package struct Notice: Hashable, Sendable {
  /// The rectangle concerned, or `nil` for the drawing (its title).
  package var rectangle: Identifier?
  /// A plain sentence: `Someone else changed this rectangle's color; it now shows their color.`
  package var message: String
}

/// What ``Editing/apply(_:to:)`` did.
package struct AppliedEdit: Sendable {
  /// The drawing as written and its version (the version before, when nothing changed).
  package var revision: Revision
  /// Whether a new version was made.
  package var changed: Bool
  /// The rectangles added, in the order of their steps.
  package var added: [Identifier]
  /// What was left as it was found.
  package var notices: [Notice]
  /// The steps that take this edit back, restoring the values it replaced: the page's own
  /// undo (and, applied, their own `undo` is the redo).
  package var undo: [EditStep]
}

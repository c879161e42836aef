import DrawdocModel

extension Drawing {
  /// The drawing as a one-page vector PDF file, written by ``DrawdocPDF/PDFEncoder``: the page
  /// is the canvas at 1 px = 0.75 pt, each rectangle a filled path at its opacity, in
  /// z-order, and the title the document's title. The same drawing gives the same bytes.
  ///
  /// - Returns: The PDF file's bytes.
  public func pdf() -> [UInt8] { PDFEncoder.encode(plane) }

  /// The drawing as a PDF file, as ``pdf()`` writes it, with the drawing's creation and
  /// modification times as the document's `/CreationDate` and `/ModDate`. The same drawing
  /// still gives the same bytes: the dates are the drawing's, not the time of writing.
  ///
  /// - Returns: The PDF file's bytes.
  public func datedPDF() -> [UInt8] {
    PDFEncoder.encode(plane, created: created, modified: modified)
  }
}

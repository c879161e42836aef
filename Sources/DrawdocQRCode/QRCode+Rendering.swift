extension QRCode {
  /// Which colours a terminal drawing of the code counts on.
  ///
  /// A character cell paints its glyph in the terminal's text colour and the rest in its
  /// background colour, and terminals come both ways: dark text on light (macOS Terminal's
  /// default, many light themes) and light text on dark (most others). Drawn in the terminal's
  /// own colours, a code is right on one kind and a negative on the other, which many scanners
  /// do not read. So the drawing for a terminal sets its colours itself.
  package enum TerminalColors: Sendable, Hashable {
    /// Each line sets black text on a bright white background (SGR 30 and 107) and resets
    /// them (SGR 0) before its end; blocks draw the dark modules. Dark comes out dark on
    /// every terminal whatever its theme: the choice when the output is a terminal.
    case blackOnWhite
    /// No escape codes; blocks draw the light modules, so the code is right where text is
    /// light on a dark background (what `qrencode -t UTF8` draws): for a terminal where
    /// colours are turned off (`NO_COLOR`), as most terminals are light on dark.
    case lightTextOnDark
    /// No escape codes; blocks draw the dark modules: right where text is dark on a light
    /// background, such as a file or a page.
    case darkTextOnLight
  }

  /// The code drawn for a terminal, with its quiet zone of 4 modules on every side.
  ///
  /// Each character is one module wide and two high (the upper half block ▀, the lower ▄, the
  /// full block █ or a space), so a module comes out about square in a usual terminal font and
  /// the code takes `(size + 8 + 1) / 2` lines of `size + 8` characters, each line ended by a
  /// line feed. The number of rows with the quiet zone is odd; the last line's lower half is
  /// light, one more row of quiet zone.
  ///
  /// - Parameter colors: The colours the drawing counts on; black on white by default.
  /// - Returns: The lines.
  package func terminalText(colors: TerminalColors = .blackOnWhite) -> String {
    let width = size + 2 * Self.quietZone
    // Whether a module (in quiet zone coordinates) gets ink: the terminal's text colour.
    let inkIsDark = colors != .lightTextOnDark
    func ink(_ x: Int, _ y: Int) -> Bool { isDarkWithQuietZone(x, y) == inkIsDark }
    var text = ""
    for top in stride(from: 0, to: width, by: 2) {
      if colors == .blackOnWhite { text += "\u{1B}[30;107m" }
      for x in 0..<width {
        switch (ink(x, top), ink(x, top + 1)) {
        case (true, true): text += "█"
        case (true, false): text += "▀"
        case (false, true): text += "▄"
        case (false, false): text += " "
        }
      }
      if colors == .blackOnWhite { text += "\u{1B}[0m" }
      text += "\n"
    }
    return text
  }

  /// The code as an SVG document, black on white, with its quiet zone.
  ///
  /// One `path` draws the dark modules (one rectangle per run of dark modules in a row) over a
  /// white `rect`, with `shape-rendering="crispEdges"` so no edge is smoothed into grey. The
  /// `viewBox` counts modules; `width` and `height` are `moduleSize` pixels per module.
  ///
  /// - Parameter moduleSize: The size of a module in CSS pixels, 1 or more (a programmer's
  ///   error otherwise); 8 by default.
  /// - Returns: The document, without an XML declaration: for a file or inline in a page.
  package func svg(moduleSize: Int = 8) -> String {
    precondition(moduleSize >= 1, "a module is at least a pixel")
    let width = size + 2 * Self.quietZone
    let pixels = width * moduleSize
    var path = ""
    for y in 0..<size {
      var x = 0
      while x < size {
        guard self[x, y] else {
          x += 1
          continue
        }
        let start = x
        while x < size && self[x, y] { x += 1 }
        path += "M\(start + Self.quietZone) \(y + Self.quietZone)h\(x - start)v1h-\(x - start)z"
      }
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(width)" \
      width="\(pixels)" height="\(pixels)" shape-rendering="crispEdges">\
      <rect width="\(width)" height="\(width)" fill="#fff"/>\
      <path fill="#000" d="\(path)"/></svg>
      """
  }

  /// Whether a module is dark, counting from the quiet zone's top left corner: light outside
  /// the symbol.
  private func isDarkWithQuietZone(_ x: Int, _ y: Int) -> Bool {
    let (symbolX, symbolY) = (x - Self.quietZone, y - Self.quietZone)
    guard (0..<size).contains(symbolX), (0..<size).contains(symbolY) else { return false }
    return darkModules[symbolY * size + symbolX]
  }
}

/// Pictures of QR codes for an independent decoder (`zbarimg`) to read: the modules as a
/// grey-scale image, and a drawing made of half blocks for a terminal read back into modules as
/// the terminal would show them.
package enum QRCodePicture {
  /// A character a terminal drawing should not hold.
  package struct UnexpectedCharacter: Error, CustomStringConvertible {
    /// The character.
    package let character: Character
    /// Its line, from 1.
    package let line: Int

    package var description: String {
      "line \(line) of the terminal drawing holds \(character.debugDescription), which is not "
        + "one of ▀ ▄ █ and space"
    }
  }

  /// The rows of half-character cells a terminal shows for a drawing of half blocks: two rows
  /// for each line, `true` for dark. SGR escape codes (`ESC [ … m`) are skipped; shorter lines
  /// are filled up with the terminal's background.
  ///
  /// - Parameters:
  ///   - text: The lines.
  ///   - inkIsDark: Whether the terminal's text colour (the blocks) is dark, and so its
  ///     background light.
  /// - Returns: The rows, from the top.
  /// - Throws: ``UnexpectedCharacter`` for anything but the four cells, escapes and line feeds.
  package static func rows(ofTerminalText text: String, inkIsDark: Bool) throws(UnexpectedCharacter)
    -> [[Bool]]
  {
    var rows: [[Bool]] = []
    for (number, line) in text.split(separator: "\n").enumerated() {
      var (top, bottom): ([Bool], [Bool]) = ([], [])
      var inEscape = false
      for character in line {
        if inEscape {
          inEscape = character != "m"
          continue
        }
        let ink: (Bool, Bool)
        switch character {
        case "\u{1B}":
          inEscape = true
          continue
        case "█": ink = (true, true)
        case "▀": ink = (true, false)
        case "▄": ink = (false, true)
        case " ": ink = (false, false)
        default: throw UnexpectedCharacter(character: character, line: number + 1)
        }
        top.append(ink.0 == inkIsDark)
        bottom.append(ink.1 == inkIsDark)
      }
      rows += [top, bottom]
    }
    let width = rows.map(\.count).max() ?? 0
    return rows.map { $0 + Array(repeating: !inkIsDark, count: width - $0.count) }
  }

  /// A binary PGM image (P5) of rows of modules, each `scale` × `scale` pixels, black for dark
  /// and white for light, inside a margin of `margin` modules.
  ///
  /// - Parameters:
  ///   - rows: The modules, `true` for dark, each row as long as the first.
  ///   - scale: Pixels a side of a module.
  ///   - margin: Modules added on every side.
  ///   - marginIsDark: Whether the margin is dark (a dark terminal around a drawing) or light.
  /// - Returns: The file's bytes.
  package static func pgm(_ rows: [[Bool]], scale: Int, margin: Int, marginIsDark: Bool)
    -> [UInt8]
  {
    let columns = (rows.first?.count ?? 0) + 2 * margin
    let marginRow = [UInt8](repeating: marginIsDark ? 0 : 255, count: columns * scale)
    let marginSide = [UInt8](repeating: marginIsDark ? 0 : 255, count: margin * scale)
    var image = Array("P5\n\(columns * scale) \((rows.count + 2 * margin) * scale)\n255\n".utf8)
    for _ in 0..<margin * scale { image += marginRow }
    for row in rows {
      var pixels = marginSide
      for dark in row { pixels += repeatElement(dark ? 0 : 255, count: scale) }
      pixels += marginSide
      for _ in 0..<scale { image += pixels }
    }
    for _ in 0..<margin * scale { image += marginRow }
    return image
  }
}

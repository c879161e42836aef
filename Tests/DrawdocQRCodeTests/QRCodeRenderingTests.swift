import DrawdocQRCode
import DrawdocTestSupport
import Testing

/// The terminal drawing and the SVG, read back as a terminal or a browser would show them.
@Suite struct QRCodeRenderingTests {
  /// Each kind of drawing, as a terminal of the colours it counts on shows it, and with the
  /// terminal's background around it: dark around the black-on-white drawing too, so its own
  /// quiet zone is what a scanner sees.
  @Test(
    arguments: [
      (QRCode.TerminalColors.blackOnWhite, 45), (.blackOnWhite, 300), (.lightTextOnDark, 45),
      (.lightTextOnDark, 300), (.darkTextOnLight, 45), (.darkTextOnLight, 300),
    ])
  func theTerminalDrawingDecodes(colors: QRCode.TerminalColors, length: Int) throws {
    let bytes = pairingAddress(length: length)
    let code = try QRCode(encoding: bytes)
    let text = code.terminalText(colors: colors)
    let inkIsDark = colors != .lightTextOnDark
    let rows = try QRCodePicture.rows(ofTerminalText: text, inkIsDark: inkIsDark)
    let picture = QRCodePicture.pgm(
      rows, scale: 2, margin: 4, marginIsDark: colors != .darkTextOnLight)
    #expect(try Decoders.zbarimg(picture) == bytes)
    // The quiet zone is drawn: 4 modules a side, and a line for every two module rows.
    let width = code.size + 8
    #expect(rows.count == width + 1)
    #expect(rows.allSatisfy { $0.count == width })
    #expect(rows.prefix(4).allSatisfy { $0.allSatisfy { !$0 } })
    #expect(rows.allSatisfy { $0.prefix(4).allSatisfy { !$0 } && $0.suffix(4).allSatisfy { !$0 } })
    #expect(
      rows.dropFirst(4).prefix(code.size).map { Array($0.dropFirst(4).prefix(code.size)) }
        == code.modules)
  }

  @Test func theBlackOnWhiteDrawingSetsItsColoursOnEachLineAndResetsThem() throws {
    let code = try QRCode(encoding: pairingAddress(length: 45))
    let lines = code.terminalText(colors: .blackOnWhite).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == (code.size + 9) / 2 + 1)
    #expect(lines.last == "")
    for line in lines.dropLast() {
      #expect(line.hasPrefix("\u{1B}[30;107m") && line.hasSuffix("\u{1B}[0m"))
      #expect(line.count == "\u{1B}[30;107m".count + code.size + 8 + "\u{1B}[0m".count)
    }
  }

  @Test func theOtherDrawingsHaveNoEscapeCodes() throws {
    let code = try QRCode(encoding: pairingAddress(length: 45))
    for colors in [QRCode.TerminalColors.lightTextOnDark, .darkTextOnLight] {
      let text = code.terminalText(colors: colors)
      #expect(text.allSatisfy { "▀▄█ \n".contains($0) })
    }
  }

  /// At 1 pixel a module the picture is too small for zbarimg, so rsvg-convert draws it 4 times
  /// larger.
  @Test(arguments: [(1, 4), (4, 1)]) func theSVGDrawnByRsvgDecodes(moduleSize: Int, zoom: Int)
    throws
  {
    let bytes = pairingAddress(length: 60)
    let code = try QRCode(encoding: bytes)
    #expect(code.size == 33)
    let svg = code.svg(moduleSize: moduleSize)
    let pixels = (code.size + 8) * moduleSize
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 41 41\""))
    #expect(svg.contains(" width=\"\(pixels)\" height=\"\(pixels)\""))
    #expect(svg.contains("shape-rendering=\"crispEdges\""))
    #expect(svg.split(separator: "<path").count == 2)
    let png = try Decoders.rsvgConvert(svg, zoom: zoom)
    // The PNG's width and height, from its IHDR chunk.
    let size = [16, 20].map { start in png[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(size == [pixels * zoom, pixels * zoom])
    #expect(try Decoders.zbarimg(png) == bytes)
  }
}

import DrawdocModel
import DrawdocSVG
import Foundation
import Testing

@Suite struct LimitTests {
  private let now = Timestamp(secondsSince1970: 0)

  private func limitError(_ bytes: [UInt8]) -> SVGDecodingError? {
    do {
      _ = try SVGImporter.importDrawing(bytes, now: now, seed: 1)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [300, 10_000, 200_000])
  func nestingPastTheLimitIsRefused(_ depth: Int) throws {
    let text =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">"#
      + String(repeating: "<g>", count: depth) + #"<rect width="1" height="1"/>"#
      + String(repeating: "</g>", count: depth) + "</svg>"
    let started = ContinuousClock.now
    let error = try #require(limitError(Array(text.utf8)))
    #expect(ContinuousClock.now - started < .seconds(5))
    guard case .limitExceeded(let what, let limit, let line, _) = error else {
      Issue.record("expected limitExceeded, got \(error)")
      return
    }
    #expect(what == "the nesting of elements")
    #expect(limit == "\(SVGLimits.maximumDepth) levels")
    #expect(line == 1)
    // The strict reader refuses the same file before it gets that deep.
    #expect(throws: SVGDecodingError.self) { try SVGDecoder.decode(Array(text.utf8)) }
  }

  @Test func nestingUpToTheLimitIsRead() throws {
    let depth = SVGLimits.maximumDepth - 2
    let text =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">"#
      + String(repeating: "<g>", count: depth) + #"<rect width="1" height="1"/>"#
      + String(repeating: "</g>", count: depth) + "</svg>"
    let result = try SVGImporter.importDrawing(Array(text.utf8), now: now, seed: 1)
    #expect(result.drawing.plane.count == 1)
  }

  @Test func aFiftyMegabyteAttributeIsRefusedQuickly() throws {
    var bytes = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">"#.utf8)
    bytes += Array(#"<rect width="1" height="1" class=""#.utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 50_000_000)
    bytes += Array(#""/></svg>"#.utf8)
    let started = ContinuousClock.now
    let error = try #require(limitError(bytes))
    // A hang guard, not a speed measure: a parser that scanned the value again for every
    // piece fed to it would take minutes. Debug builds on a busy 2-core machine take seconds.
    #expect(ContinuousClock.now - started < .seconds(20))
    guard case .limitExceeded(_, let limit, _, _) = error else {
      Issue.record("expected limitExceeded, got \(error)")
      return
    }
    #expect(limit == "\(SVGLimits.maximumValueLength) bytes")
    #expect(error.message.contains("goes past drawdoc's limit"))
  }

  @Test func fiveMegabytesOfBlanksCostNothing() throws {
    let padding = String(repeating: " ", count: 5_000_000)
    let text =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">"# + padding
      + #"<rect width="1" height="1"/></svg>"#
    let result = try SVGImporter.importDrawing(Array(text.utf8), now: now, seed: 1)
    #expect(result.drawing.plane.count == 1)
  }

  @Test func theLimitsAreWhatTheFormatDocumentSays() throws {
    let page = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/format.md"), encoding: .utf8)
    #expect(page.contains("4 GiB"))
    #expect(page.contains("33,554,430"))
    #expect(page.contains("256 levels"))
    #expect(page.contains("10,000,000 bytes"))
    #expect(SVGLimits.maximumFileSize == 4 << 30)
    #expect(SVGLimits.maximumRectangleCount == 33_554_430)
    #expect(SVGLimits.maximumDepth == 256)
    #expect(SVGLimits.maximumValueLength == 10_000_000)
  }
}

import DrawdocExcalidraw
import DrawdocModel
import Testing

/// Damaged fixtures are read or refused with an error, never a crash.
@Suite struct ExcalidrawMutationTests {
  @Test(arguments: [
    "scene-1-0.excalidraw", "scene-1-1.excalidraw", "smiley_embedded_v2.svg",
    "smiley_embedded_v2.png", "test_embedded_v1.svg", "test_embedded_v1.png",
  ])
  func mutatedFixturesNeverCrash(name: String) throws {
    let original = try fixture(name)
    var generator = SeededRandomNumberGenerator(seed: 7)
    let replacements = Array("{}[]\",:0123456789e-.+ x\u{7F}".utf8) + [0x80, 0xFF, 0x00]
    for _ in 0..<300 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[index] = replacements.randomElement(using: &generator) ?? 0
        case 1: bytes.remove(at: index)
        default: bytes.insert(replacements.randomElement(using: &generator) ?? 0, at: index)
        }
      }
      if name.hasSuffix(".excalidraw") {
        _ = try? ExcalidrawReader.read(bytes, title: "", now: importTime)
      } else if name.hasSuffix(".svg") {
        _ = try? ExcalidrawPayload.read(svg: bytes, title: "", now: importTime)
      } else {
        _ = try? ExcalidrawPayload.read(png: bytes, title: "", now: importTime)
      }
    }
  }
}

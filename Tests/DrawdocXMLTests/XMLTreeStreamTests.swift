import DrawdocXML
import Testing

/// Keeps the elements named `keep` and records every event it sees.
private final class Recorder: XMLTreeStream {
  let keep: Set<String>
  var events: [String] = []

  init(keeping keep: Set<String>) { self.keep = keep }

  func startElement(_ element: SAXElement, depth: Int, parentKept: Bool) -> Bool {
    let name = String(decoding: element.localName, as: UTF8.self)
    var attributes: [String] = []
    for index in 0..<element.attributeCount {
      let attribute = element.attribute(index)
      attributes.append("\(attribute.qualifiedName)=\(attribute.text)")
    }
    #expect(element.line == element.location.line)
    events.append(
      "<\(name)\(attributes.map { " " + $0 }.joined()) depth=\(depth) kept=\(parentKept) "
        + "line=\(element.location.line)>")
    return keep.contains(name)
  }

  func endElement(depth: Int) {
    events.append("</\(depth)>")
  }
}

@Suite("XMLTree with a stream")
struct XMLTreeStreamTests {
  let document = Array(
    """
    <a x="1"><b y="a&amp;b">t<c/></b>
    <d><e/></d>
    <b
      z="2"/></a>
    """.utf8)

  @Test func theStreamSeesEveryElementAndTheTreeKeepsWhatItSays() throws {
    let recorder = Recorder(keeping: ["a", "b", "e"])
    let root = try XMLTree.read(document, maximumElements: 100, stream: recorder)
    #expect(
      recorder.events == [
        "<a x=1 depth=0 kept=true line=1>", "<b y=a&b depth=1 kept=true line=1>",
        "<c depth=2 kept=true line=1>", "</2>", "</1>", "<d depth=1 kept=true line=2>",
        "<e depth=2 kept=false line=2>", "</2>", "</1>", "<b z=2 depth=1 kept=true line=3>",
        "</1>", "</0>",
      ])
    // `e` is in `d`, which is not kept; `c` is not kept, so `b` has no children.
    #expect(root.name == "a")
    #expect(root.children.map(\.name) == ["b", "b"])
    #expect(root.children.map(\.line) == [1, 3])
    #expect(root.children[0].children.isEmpty)
    #expect(root.children[0].text == "t")
    #expect(root.children[0].attribute("y") == "a&b")
  }

  @Test func withoutAStreamTheTreeHoldsEverything() throws {
    let root = try XMLTree.read(document, maximumElements: 100)
    #expect(root.children.map(\.name) == ["b", "d", "b"])
    #expect(root.children[1].children.map(\.name) == ["e"])
  }

  /// The limit a read passed (what, the limit, the line), or `nil` if it passed none.
  func limitPassed(_ bytes: [UInt8], maximumElements: Int, maximumTextLength: Int = 100)
    -> [String]?
  {
    do {
      _ = try XMLTree.read(
        bytes, maximumElements: maximumElements, maximumTextLength: maximumTextLength,
        stream: Recorder(keeping: ["a"]))
    } catch {
      if case .limitExceeded(let what, let limit, let line, _) = error {
        return [what, limit, "\(line)"]
      }
    }
    return nil
  }

  @Test func elementsNotKeptCountTowardsTheLimit() {
    #expect(limitPassed(document, maximumElements: 5) == ["elements", "5", "3"])
    #expect(limitPassed(document, maximumElements: 6) == nil)
  }

  @Test func theTextOfAnElementNotKeptIsHeldToTheLimit() {
    let text = Array(("<a><b>" + String(repeating: "x", count: 11) + "</b></a>").utf8)
    #expect(
      limitPassed(text, maximumElements: 10, maximumTextLength: 10)
        == ["text length", "10 bytes", "1"])
    #expect(limitPassed(text, maximumElements: 10, maximumTextLength: 11) == nil)
  }
}

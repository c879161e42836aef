import DrawdocModel
import Testing

@Suite struct IdentifierTests {
  @Test(arguments: ["afy-kw5-t7o", "000-000-000", "zzz-zzz-zzz", "a1b-2c3-d4e"])
  func parsesAndPrintsValidText(_ text: String) throws {
    let id = try Identifier(text)
    #expect(id.description == text)
  }

  @Test(arguments: [
    "", "afy-kw5", "afy-kw5-t7o-", "AFY-kw5-t7o", "afy_kw5_t7o", "afykw5t7o", "afy-kw5-t7ö",
    "afy--kw5-t7o", " afy-kw5-t7o", "afy-kw5-t7", "../../../etc",
  ])
  func refusesOtherText(_ text: String) {
    #expect(throws: ModelError.invalidIdentifier(text)) { try Identifier(text) }
  }

  @Test func randomIdentifiersReadBack() throws {
    var generator = SeededRandomNumberGenerator(seed: 7)
    for _ in 0..<1000 {
      let id = Identifier.random(using: &generator)
      #expect(try Identifier(id.description) == id)
    }
  }

  @Test func orderFollowsTheText() throws {
    #expect(try Identifier("aaa-aaa-aab") > Identifier("aaa-aaa-aaa"))
    #expect(try Identifier("0zz-zzz-zzz") < Identifier("a00-000-000"))
  }
}

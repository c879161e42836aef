import DrawdocStore
import Foundation
import Testing

@Suite struct AccessTokenTests {
  private func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  @Test func theTokenIsKeptInTheStoreForItsOwnerOnlyAndSurvivesANewStoreValue() throws {
    let folder = try StoreFolder()
    let token = try folder.store().accessToken()
    #expect(token.count == 32 && token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    let file = "\(folder.path)/access-token"
    #expect(try mode(file) == 0o600)
    #expect(String(decoding: try folder.read(file), as: UTF8.self) == token + "\n")
    // Another value of the store, as a restarted server makes: the same token.
    #expect(try folder.store().accessToken() == token)
    // No temporary file is left behind.
    let temporaries = (try? FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/tmp"))
    #expect(temporaries?.isEmpty ?? true)
  }

  @Test func renewingReplacesTheToken() throws {
    let folder = try StoreFolder()
    let first = try folder.store().accessToken()
    let second = try folder.store().accessToken(renewing: true)
    #expect(second != first)
    #expect(try folder.store().accessToken() == second)
    #expect(try mode("\(folder.path)/access-token") == 0o600)
  }

  @Test func aTokenOthersCouldReadOrADamagedFileIsReplaced() throws {
    let folder = try StoreFolder()
    let first = try folder.store().accessToken()
    let file = "\(folder.path)/access-token"
    // Readable by the group: it may have leaked, so it is not used.
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
    let second = try folder.store().accessToken()
    #expect(second != first)
    #expect(try mode(file) == 0o600)
    for damaged in ["", "short\n", String(repeating: "G", count: 32) + "\n"] {
      try folder.write(Array(damaged.utf8), to: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
      let made = try folder.store().accessToken()
      #expect(made.count == 32 && made != second, "\(damaged)")
    }
  }
}

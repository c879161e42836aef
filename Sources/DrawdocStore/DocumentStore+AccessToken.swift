import DrawdocSystem

extension DocumentStore {
  /// The secret a program that serves this store (`drawdoc serve`) asks its clients for: 128
  /// random bits in hexadecimal, kept in the store's `access-token` file, readable and writable
  /// by its owner only (mode 0600). It stays the same from one start of the server to the
  /// next, so pages left open reconnect by themselves; `renewing` replaces it, and every page
  /// that held the old one is shut out.
  ///
  /// - Parameter renewing: Whether to make a new token even if the store has one.
  /// - Returns: The token.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` if the file cannot be written, or
  ///   ``StoreError/locked(path:waitedSeconds:)`` if another program holds the store.
  public func accessToken(renewing: Bool = false) throws(StoreError) -> String {
    if !renewing, let kept = keptAccessToken() { return kept }
    return try withWriteLock { () throws(StoreError) in
      if !renewing, let kept = keptAccessToken() { return kept }
      let token = Self.makeAccessToken()
      try writePrivately(Array((token + "\n").utf8), to: accessTokenPath)
      return token
    }
  }

  var accessTokenPath: String { "\(root)/access-token" }

  /// The token the file holds, if it holds one and nobody else may read it.
  private func keptAccessToken() -> String? {
    guard let (bytes, cut) = try? FileSystem.read(accessTokenPath, atMost: 64), !cut,
      let status = try? FileSystem.status(of: accessTokenPath), status.permissions & 0o077 == 0
    else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    let token = text.hasSuffix("\n") ? String(text.dropLast()) : text
    guard token.utf8.count == 32, token.utf8.allSatisfy(Self.isLowercaseHexDigit) else {
      return nil
    }
    return token
  }

  /// A new token, 128 random bits from the system's generator as 32 lowercase hexadecimal
  /// digits: what ``accessToken(renewing:)`` keeps, for a program that cannot keep it (a store
  /// it may only read).
  public static func makeAccessToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let word = String(generator.next() as UInt32, radix: 16)
      return String(repeating: "0", count: 8 - word.count) + word
    }.joined()
  }

  static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
  }

  /// Replaces a file of the store atomically with one only its owner may read or write: made
  /// with mode 0600 (never readable by others, not even for a moment), flushed, renamed into
  /// place, its folder flushed. Must run under the store's write lock.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``; the file is then unchanged.
  func writePrivately(_ bytes: [UInt8], to path: String) throws(StoreError) {
    try StoreFiles.createFolder(temporaryFolder)
    try StoreFiles.writeAtomically(
      bytes, to: path, temporaryFolder: temporaryFolder, permissions: 0o600)
  }
}

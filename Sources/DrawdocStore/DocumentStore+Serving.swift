import DrawdocSystem

extension DocumentStore {
  /// The file where a running `drawdoc serve --lan` notes where it serves on the network.
  var servingPath: String { "\(accessFolder)/serving" }

  /// Notes where the app is served on the network now (`https://HOST:PORT`, one a line), for
  /// the commands that print addresses of it (`drawdoc devices pair`, `drawdoc share`); an
  /// empty list forgets it (the server stopped).
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``.
  package func noteServing(origins: [String]) throws(StoreError) {
    guard !origins.isEmpty else {
      StoreFiles.removeQuietly(servingPath)
      return
    }
    try makeAccessFolder()
    try StoreFiles.writeAtomically(
      Array(origins.map { $0 + "\n" }.joined().utf8), to: servingPath, flush: false,
      permissions: 0o600)
  }

  /// Where the app is served on the network, as the running server noted it; empty when no
  /// server notes any (or it stopped without saying so: the addresses may then be stale).
  package func servingOrigins() -> [String] {
    guard let (bytes, _) = try? FileSystem.read(servingPath, atMost: 64 << 10) else { return [] }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
      .filter { $0.hasPrefix("https://") }
  }
}

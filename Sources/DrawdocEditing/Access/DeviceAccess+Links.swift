import DrawdocModel
import DrawdocSVG
import DrawdocStore

extension DeviceAccess {
  /// How long a shared link opens its drawing unless asked otherwise: 7 days, so that a link
  /// forgotten does not open the drawing for ever (`nil` asks for that).
  package static let linkLifetime = 7 * 86_400

  /// Makes a link that opens one drawing, to edit it or only to view it.
  ///
  /// - Parameters:
  ///   - drawing: The drawing; it must be in the store (not in the trash).
  ///   - viewOnly: Whether the link only shows the drawing.
  ///   - seconds: How long it opens the drawing: more than 0 (a programmer error otherwise),
  ///     or `nil` for no end.
  ///   - now: When it is made.
  /// - Returns: Its record and its token, which is shown only now.
  /// - Throws: `StoreError.noSuchDrawing` or `StoreError.inTrash` for a drawing not in the
  ///   store, or another `StoreError`; nothing is then changed.
  package func share(
    drawing: Identifier, viewOnly: Bool, expiresIn seconds: Int? = linkLifetime,
    at now: Timestamp = .now
  ) throws(StoreError) -> (link: SharedLink, token: String) {
    precondition(seconds.map { $0 > 0 } ?? true, "a link is valid for a positive time")
    guard try store.resolve(drawing.description) == drawing else {
      throw .noSuchDrawing(drawing.description)
    }
    let token = DocumentStore.makeAccessToken()
    let expires = seconds.map { Timestamp(secondsSince1970: now.secondsSince1970 + Int64($0)) }
    var generator = SystemRandomNumberGenerator()
    let link = try store.changeAccess { records in
      var id: String
      repeat {
        id = String(
          (0..<8).map { _ in
            Self.linkIdAlphabet[Int(generator.next(upperBound: UInt32(Self.linkIdAlphabet.count)))]
          })
      } while records.links.contains { $0.id == id }
      let link = SharedLink(
        id: id, tokenHash: Self.hash(token), drawing: drawing, viewOnly: viewOnly, created: now,
        expires: expires)
      records.links.append(link)
      return link
    }
    return (link, token)
  }

  /// The shared links, oldest first, expired ones too (until they are revoked).
  ///
  /// - Throws: A `StoreError`.
  package func links() throws(StoreError) -> [SharedLink] {
    try store.sharedLinks()
  }

  /// The link a token belongs to, if it has not expired.
  ///
  /// - Parameters:
  ///   - token: The token a request carries.
  ///   - now: The moment of the request.
  /// - Returns: The link's record, or `nil` for a token no link has, or a link that expired.
  /// - Throws: A `StoreError` when the links cannot be read.
  package func link(forToken token: String, at now: Timestamp = .now) throws(StoreError)
    -> SharedLink?
  {
    guard Self.isToken(token) else { return nil }
    let hash = Self.hash(token)
    guard let link = try store.sharedLinks().first(where: { Self.same($0.tokenHash, hash) }),
      !link.isExpired(at: now)
    else { return nil }
    return link
  }

  /// Takes a link out: its token opens nothing from now on.
  ///
  /// - Parameter id: Its id.
  /// - Returns: Its record.
  /// - Throws: ``AccessError/noSuchLink(_:known:)``, naming those there are, or a
  ///   `StoreError`.
  @discardableResult
  package func revokeLink(id: String) throws -> SharedLink {
    let answer = try store.changeAccess { records -> Result<SharedLink, AccessError> in
      guard let index = records.links.firstIndex(where: { $0.id == id }) else {
        return .failure(.noSuchLink(id, known: records.links.map(\.id)))
      }
      return .success(records.links.remove(at: index))
    }
    return try answer.get()
  }
}

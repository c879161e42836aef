import DrawdocModel
import DrawdocSVG
import DrawdocStore

extension StoreSync {
  /// The versions (blobs) a drawing's file had in a commit's history, newest first, with
  /// their files.
  func versions(of id: Identifier, in commit: String, _ git: Git) throws(SyncError)
    -> [(hash: String, bytes: [UInt8])]
  {
    let path = Self.path(of: id)
    let hashes = try blobHistory(of: commit, paths: [path], git)[path] ?? []
    return try git.objects(of: hashes).compactMap { $0 }
  }

  /// The newest version of a drawing in this store's history that is one of `files` (the
  /// other side's versions of it): the last state both sides had, which the sync's own
  /// repository does not know when it was made again (its `sync/` folder lost) or when a
  /// bringing-in was stopped. Compared as drawings, so a file written differently counts.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - files: The other side's versions, as blobs.
  /// - Returns: The version as the other side's blob and as a drawing, or `nil` when the
  ///   histories share none.
  func sharedVersion(of id: Identifier, among files: [(hash: String, bytes: [UInt8])])
    -> (hash: String, drawing: Drawing)?
  {
    let candidates = files.compactMap { file in
      (try? SVGDecoder.decode(file.bytes)).map { (hash: file.hash, drawing: $0) }
    }
    guard !candidates.isEmpty, let history = try? store.history(of: id) else { return nil }
    for version in history.versions {
      // The title and the count are in the history's lines: only a version that may match
      // is read.
      let possible = candidates.filter {
        $0.drawing.plane.title == version.title && $0.drawing.plane.count == version.rectangleCount
      }
      guard !possible.isEmpty, let drawing = try? store.drawing(id, version: version.number)
      else { continue }
      if let found = possible.first(where: { $0.drawing == drawing }) { return found }
    }
    return nil
  }
}

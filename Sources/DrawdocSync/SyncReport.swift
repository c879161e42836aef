import DrawdocModel

/// What a sync did.
package struct SyncReport: Sendable {
  /// One drawing the sync brought into the store, or took out of it.
  package struct Received: Sendable, Equatable {
    /// What happened to it here.
    package enum Kind: String, Sendable {
      /// A drawing new to this store.
      case added
      /// A new version of a drawing this store has.
      case changed
      /// Moved to the trash, as it was deleted on the other side.
      case trashed
      /// Brought back from the trash, as the other side changed or restored it.
      case restored
    }
    /// The drawing.
    package let id: Identifier
    /// Its title.
    package let title: String
    /// What happened to it.
    package let kind: Kind
  }

  /// A drawing changed on one side and deleted on the other: it is kept, on both sides.
  package struct Kept: Sendable, Equatable {
    /// The drawing.
    package let id: Identifier
    /// Its title.
    package let title: String
    /// Whether it was changed here (and deleted on the other side), or the other way round.
    package let changedHere: Bool
  }

  /// A conflict of one drawing, which keeps this store's value.
  package struct Conflict: Sendable {
    /// The drawing.
    package let id: Identifier
    /// Its title.
    package let title: String
    /// The conflict, as ``PlaneMerge`` reports it: OURS is this store, THEIRS the other side.
    package let conflict: MergeConflict
    /// This store's drawing, for the conflict's words.
    package let ours: Plane
    /// The other side's drawing.
    package let theirs: Plane
  }

  /// The remote synced with.
  package let remote: String
  /// The drawings this store sent: changed, added or deleted here since the last sync.
  package var sent = 0
  /// What the sync brought in, in the order of the drawings' ids.
  package var received: [Received] = []
  /// Drawings changed on one side and deleted on the other.
  package var kept: [Kept] = []
  /// Conflicts, each keeping this store's value.
  package var conflicts: [Conflict] = []
  /// Drawings left out: those the other side sent that this drawdoc cannot read (not a
  /// drawing, a newer format version), and those damaged in this store; id and reason. Each
  /// is left as it is on both sides, and tried again by the next sync.
  package var refused: [(id: Identifier, reason: String)] = []
  /// When the sync ended.
  package var time = Timestamp.now

  /// Whether every drawing was brought in: `false` when some were left out (``refused``).
  package var complete: Bool { refused.isEmpty }

  /// Notes a drawing left out, once: a later reason replaces an earlier one (a drawing tried
  /// at the start of the sync, then again with what the remote has now).
  mutating func leaveOut(_ id: Identifier, because reason: String) {
    refused.removeAll { $0.id == id }
    refused.append((id, reason))
  }
}

/// How far a store and its remote are apart, as ``StoreSync/status(fetching:)`` sees it.
package struct SyncStatus: Sendable {
  /// The remote, or `nil` when the store has none.
  package let remote: String?
  /// When the store last synced.
  package let lastSync: Timestamp?
  /// Drawings changed, added or deleted here since the last sync.
  package let changedHere: Int
  /// Drawings changed, added or deleted on the remote since the last sync (as of the last
  /// fetch, when the status did not fetch).
  package let changedThere: Int
  /// Drawings the last sync left out (it could not bring them in): neither sent nor taken
  /// out until it can.
  package let leftOut: Int
}

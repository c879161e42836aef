import DrawdocEditing
import DrawdocHTTP
import DrawdocSync
import Synchronization

/// The routes of the drawings page's sync bar, over ``DrawdocSync/StoreSync`` (``Routes/table``):
/// the status, without the network; and a sync, as `drawdoc sync` makes it, answered with its
/// report as `drawdoc sync --json` prints it, with `lines`.
///
/// A sync runs on the worker that answers its request (never on the event loop), with git
/// kept from asking for a password (nobody could answer it), and one at a time: a second
/// request meanwhile is answered 503 with `Retry-After`. What it brings in goes through the
/// server's own store (its drawing memory included) and reaches the pages as events.
extension Routes {
  /// Answers `GET /api/sync`.
  func syncStatus() -> HTTPResponse {
    json(status(StoreSync(store: store, environment: environment, interactive: false)))
  }

  /// Answers `POST /api/sync`.
  func sync() throws -> HTTPResponse {
    let sync = StoreSync(store: store, environment: environment, interactive: false)
    guard syncs.take() else { return Self.busy("another sync of this store is running") }
    defer { syncs.give() }
    do {
      return json(SyncView.json(try sync.sync(), withLines: true))
    } catch {
      switch error {
      case .busy, .remoteKeptMoving: return Self.busy(error.description)
      default: throw error
      }
    }
  }

  /// The status as of the last fetch. A store without a remote answers at once, without git;
  /// a status git cannot give (git missing, a damaged sync folder) still answers the remote,
  /// with `null` counts and the reason in `error`.
  private func status(_ sync: StoreSync) -> JSONValue {
    do {
      return SyncView.json(try sync.status(fetching: false))
    } catch {
      return .object([
        ("remote", sync.remote.map { .string($0) } ?? .null),
        ("lastSync", sync.lastSync.map { .string($0.description) } ?? .null),
        ("changedHere", .null), ("changedThere", .null), ("leftOut", .null),
        ("error", .string(error.description)),
      ])
    }
  }

  /// 503 with `Retry-After`: the page may try again in a moment.
  private static func busy(_ message: String) -> HTTPResponse {
    var refusal = WebError(status: .serviceUnavailable, message: message).response
    refusal.headers.add("Retry-After", "5")
    return refusal
  }
}

/// Whether a sync is running, shared by every copy of the routes: one at a time.
final class SyncSlot: Sendable {
  private let taken = Mutex(false)

  /// Takes the slot if it is free.
  func take() -> Bool {
    taken.withLock { running in
      guard !running else { return false }
      running = true
      return true
    }
  }

  /// Gives the slot back.
  func give() { taken.withLock { $0 = false } }
}

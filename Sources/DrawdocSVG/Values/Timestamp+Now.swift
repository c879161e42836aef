import DrawdocModel
import DrawdocSystem

extension Timestamp {
  /// The current time, to the second, from the system's wall clock: what a drawing imported
  /// without valid times, or made, changed or saved in a store, is stamped with. (The model
  /// itself reads no clock.)
  public static var now: Timestamp { Timestamp(secondsSince1970: WallClock.secondsSince1970()) }
}

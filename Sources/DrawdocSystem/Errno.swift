#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error number of the C library, thrown by every call of this module that can fail.
///
/// Its ``description`` is the system's own text for it (`strerror`), which callers put in the
/// messages people read: "No such file or directory", "Permission denied".
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The C library's number.
  package let rawValue: Int32

  /// Wraps a number of the C library.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The error of the last call of this thread that failed (`errno`).
  package static var current: Errno { Errno(rawValue: errno) }

  /// The system's text for the error (`strerror`).
  package var description: String { String(cString: strerror(rawValue)) }

  /// No such file or folder (`ENOENT`).
  package static let noSuchFile = Errno(rawValue: ENOENT)
  /// A part of the path is not a folder (`ENOTDIR`).
  package static let notDirectory = Errno(rawValue: ENOTDIR)
  /// The file is there already (`EEXIST`).
  package static let exists = Errno(rawValue: EEXIST)
  /// A signal interrupted the call (`EINTR`); this module retries those itself.
  package static let interrupted = Errno(rawValue: EINTR)
  /// The call would block (`EWOULDBLOCK`, the same as `EAGAIN` on the systems drawdoc runs on).
  package static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
  /// Permission denied (`EACCES`).
  package static let permissionDenied = Errno(rawValue: EACCES)
  /// The operation is not permitted (`EPERM`).
  package static let notPermitted = Errno(rawValue: EPERM)
  /// The file system is mounted read-only (`EROFS`).
  package static let readOnlyFileSystem = Errno(rawValue: EROFS)
  /// The file system does not support the operation (`EOPNOTSUPP`).
  package static let notSupported = Errno(rawValue: EOPNOTSUPP)
  /// The file has as many links as it can (`EMLINK`).
  package static let tooManyLinks = Errno(rawValue: EMLINK)
  /// The two paths are on different file systems (`EXDEV`).
  package static let crossDevice = Errno(rawValue: EXDEV)
  /// No such process (`ESRCH`).
  package static let noSuchProcess = Errno(rawValue: ESRCH)
  /// The path names a folder where a file is needed (`EISDIR`).
  package static let isDirectory = Errno(rawValue: EISDIR)
  /// The process has as many files open as it may (`EMFILE`).
  package static let tooManyOpenFiles = Errno(rawValue: EMFILE)
  /// The system has as many files open as it may (`ENFILE`).
  package static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)
  /// A connection went away before it was accepted (`ECONNABORTED`).
  package static let connectionAborted = Errno(rawValue: ECONNABORTED)
  /// The peer closed the connection (`EPIPE`).
  package static let brokenPipe = Errno(rawValue: EPIPE)
}

/// Calls `body` again while it fails with `EINTR`, the one place where an interrupted call is
/// retried: a signal that arrives during a read or a write must not fail it.
///
/// - Parameter body: A C call that returns `-1` and sets `errno` on failure.
/// - Returns: What `body` returned when it did not fail.
/// - Throws: ``Errno`` for any other failure.
@inline(__always)
package func retryingInterrupts<Result: BinaryInteger>(_ body: () -> Result) throws(Errno)
  -> Result
{
  while true {
    let result = body()
    if result >= 0 { return result }
    let error = Errno.current
    if error != .interrupted { throw error }
  }
}

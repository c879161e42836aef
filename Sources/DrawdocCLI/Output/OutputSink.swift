import DrawdocSystem

/// Where a command writes: standard output, standard error, or a buffer in tests.
package protocol OutputSink: AnyObject {
  /// Writes bytes as they are.
  ///
  /// - Parameter bytes: The bytes to write.
  func write(_ bytes: [UInt8])
  /// Writes bytes as they are, from memory the caller owns: a piece of a long output.
  ///
  /// - Parameter buffer: The bytes to write, valid during the call.
  func write(_ buffer: UnsafeRawBufferPointer)
  /// Whether the sink is a terminal, where binary output is refused.
  var isTerminal: Bool { get }
  /// Whether a write failed because nobody reads any more (a closed pipe): a command that
  /// runs until interrupted then stops.
  var isClosed: Bool { get }
}

/// Nobody reads a sink any more: what ends a long output early.
struct OutputClosed: Error {}

extension OutputSink {
  /// Copies the bytes into an array for ``write(_:)-([UInt8])``: sinks that keep what they get.
  ///
  /// - Parameter buffer: The bytes to write, valid during the call.
  package func write(_ buffer: UnsafeRawBufferPointer) { write(Array(buffer)) }

  /// Writes an output made a piece at a time, each piece as it comes, so that it never sits in
  /// memory whole; making it stops once nobody reads (a closed pipe).
  ///
  /// - Parameter produce: Makes the output, passing each piece, in order, to the function it
  ///   receives.
  func writePieces(
    _ produce: (_ write: (UnsafeRawBufferPointer) throws(OutputClosed) -> Void)
      throws(OutputClosed) -> Void
  ) {
    do {
      try produce { (piece) throws(OutputClosed) in
        write(piece)
        if isClosed { throw OutputClosed() }
      }
    } catch {
      // Nobody reads: the rest would be made for nothing.
    }
  }

  /// Writes text as UTF-8.
  ///
  /// - Parameter text: The text to write.
  func write(_ text: String) { write(Array(text.utf8)) }

  /// Writes text and a line feed.
  ///
  /// - Parameter line: The line, without its line feed.
  func writeLine(_ line: String) { write(Array((line + "\n").utf8)) }
}

/// A sink over an open file descriptor, such as 1 for standard output.
package final class FileDescriptorSink: OutputSink {
  private let descriptor: FileDescriptor
  package private(set) var isClosed = false

  /// Wraps a descriptor the caller keeps open.
  ///
  /// - Parameter descriptor: The file descriptor to write to.
  package init(descriptor: Int32) {
    self.descriptor = FileDescriptor(rawValue: descriptor)
  }

  /// Standard output.
  package static var standardOutput: FileDescriptorSink { FileDescriptorSink(descriptor: 1) }
  /// Standard error.
  package static var standardError: FileDescriptorSink { FileDescriptorSink(descriptor: 2) }

  package func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { write($0) }
  }

  package func write(_ buffer: UnsafeRawBufferPointer) {
    do throws(Errno) { try descriptor.writeAll(buffer) } catch {
      if error == .brokenPipe { isClosed = true }
    }
  }

  package var isTerminal: Bool { descriptor.isTerminal }
}

/// A sink that keeps what is written, for running commands in tests.
package final class BufferSink: OutputSink {
  /// Everything written so far.
  package private(set) var bytes: [UInt8] = []

  /// Makes an empty buffer.
  package init() {}

  package func write(_ bytes: [UInt8]) { self.bytes.append(contentsOf: bytes) }

  package var isTerminal: Bool { false }

  package var isClosed: Bool { false }

  /// What was written, as UTF-8 text.
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}

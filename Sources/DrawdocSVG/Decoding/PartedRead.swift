import DrawdocModel
import DrawdocXML
import Synchronization

import DrawdocSystem

/// Reads a big drawdoc document in parts, one per core, each with its own libxml2 parser:
/// libxml2 reads one document on one core, and this is how a drawing is read faster than that.
///
/// The document is cut just before a `<` near each even division of its bytes. The part before
/// the first cut (the head) is parsed with the root's end tag after it; each later part with a
/// start tag of the root before it that declares the root's namespaces
/// (``SAXElement/bareTags``), and, but for the last, the root's end tag after it. When every
/// cut falls between two children of the root, each part gives exactly the events the whole
/// document gives for its bytes. A cut anywhere else (inside a tag, a comment, the title, any
/// element but the root, or outside it) leaves the part before it unable to end with the
/// root's end tag, and its read fails. So a read in parts gives the drawing a read on one
/// thread gives, or `nil`: the caller then reads on one thread, which also names any problem.
enum PartedRead {
  /// Smaller documents are read on one thread: the threads would cost more than they save.
  static let minimumByteCount = 1 << 20
  /// More parts than cores would only take turns.
  static let maximumPartCount = 4
  /// How much is read at a time in looking for a cut.
  static let windowSize = 64 * 1024

  /// The drawing, read in as many parts as there are cores; `nil` for a document that is
  /// small, cannot be cut, or that a read in parts does not take (see ``PartedRead``).
  static func drawing(from input: SAXInput) -> Drawing? {
    let partCount = min(maximumPartCount, CurrentProcess.activeProcessorCount)
    guard input.byteCount >= minimumByteCount, partCount > 1 else { return nil }
    let cuts = self.cuts(in: input, partCount: partCount)
    guard !cuts.isEmpty else { return nil }
    return drawing(from: input, cutAt: cuts)
  }

  /// Where the parts after the first begin: for each even division, the first `<` at or after
  /// it that follows a `>` and blanks and starts a tag's name. A division with no such `<`
  /// before the next one gets no cut.
  static func cuts(in input: SAXInput, partCount: Int) -> [Int] {
    var cuts: [Int] = []
    for division in 1..<partCount {
      let from = max(input.byteCount / partCount * division, (cuts.last ?? 0) + 1)
      let limit =
        division == partCount - 1
        ? input.byteCount : input.byteCount / partCount * (division + 1)
      if let cut = firstTagAfterTag(in: input, from: from, before: limit) { cuts.append(cut) }
    }
    return cuts
  }

  /// The drawing read in parts that begin at `cuts` (increasing offsets, the first past 0), or
  /// `nil` (see ``PartedRead``).
  static func drawing(from input: SAXInput, cutAt cuts: [Int]) -> Drawing? {
    let starts = [0] + cuts
    guard let last = cuts.last, last < input.byteCount, zip(starts, cuts).allSatisfy({ $0 < $1 })
    else { return nil }
    let stop = StopSignal()
    let head = StrictDrawingReader(.head)
    head.willParse(byteCount: input.byteCount)
    var rootEndTag: [UInt8] = []
    var others: [PartRead] = []
    var threads: [SystemThread] = []
    head.rootWasRead = { root in
      // Bytes from the middle of a document in another encoding would not mean the same.
      guard root.inputIsUTF8 else { return false }
      let tags = root.bareTags
      rootEndTag = tags.end
      for index in 1..<starts.count {
        let isLast = index == starts.count - 1
        let part = PartRead(
          range: starts[index]..<(isLast ? Int.max : starts[index + 1]), of: input,
          after: tags.start, before: isLast ? [] : tags.end, stop: stop)
        guard let thread = SystemThread.start(part.run) else { return false }
        others.append(part)
        threads.append(thread)
      }
      return true
    }
    var headEnded = true
    do {
      try SAXParser.parse(
        0..<starts[1], of: input, after: [], before: { rootEndTag }, handler: head,
        stopIf: { stop.isSet })
    } catch {
      headEnded = false
      stop.set()
    }
    for thread in threads { thread.join() }
    guard headEnded, !stop.isSet, others.count == cuts.count else { return nil }
    return head.drawing(appending: others.map(\.reader))
  }

  /// The offset of the first `<` in `from..<limit` that follows `>` and blanks only and is
  /// followed by a name's first byte. What comes before `from` is not looked at: a `<` after
  /// only blanks from there is taken.
  private static func firstTagAfterTag(in input: SAXInput, from: Int, before limit: Int) -> Int? {
    var offset = from
    // Whether what precedes the window ends with `>` and blanks (or is not looked at).
    var afterTag = true
    while offset < limit {
      // One byte past the limit, to see what follows a `<` just before it.
      guard let window = try? input.bytes(at: offset, count: min(windowSize, limit + 1 - offset)),
        window.count > 1
      else { return nil }
      let found = window.withUnsafeBufferPointer { bytes -> Int? in
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index < bytes.count - 1,
          let match = Memory.firstOffset(
            of: UInt8(ascii: "<"), in: base + index, count: bytes.count - 1 - index)
        {
          let at = index + match
          if offset + at < limit, startsName(bytes[at + 1]),
            followsTag(bytes, at: at, orStart: afterTag)
          {
            return at
          }
          index = at + 1
        }
        // The last byte is read again as the first of the next window.
        afterTag = followsTag(bytes, at: bytes.count - 1, orStart: afterTag)
        return nil
      }
      if let found { return offset + found }
      offset += window.count - 1
    }
    return nil
  }

  /// Whether only blanks stand between a `>` and the byte at `index`, or, if `orStart`,
  /// between the first byte and it.
  private static func followsTag(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, orStart: Bool
  ) -> Bool {
    var before = index
    while before > 0 {
      switch bytes[before - 1] {
      case UInt8(ascii: ">"): return true
      case 0x20, 0x09, 0x0A, 0x0D: before -= 1
      default: return false
      }
    }
    return orStart
  }

  private static func startsName(_ byte: UInt8) -> Bool {
    byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
      || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
  }
}

/// Set by the first part that fails, so that the others stop early.
private final class StopSignal: Sendable {
  private let flag = Atomic<Bool>(false)
  var isSet: Bool { flag.load(ordering: .relaxed) }
  func set() { flag.store(true, ordering: .relaxed) }
}

/// A part after the head, read on its own thread.
private final class PartRead: @unchecked Sendable {
  let reader = StrictDrawingReader(.continuation)
  private let range: Range<Int>
  private let input: SAXInput
  private let startTag: [UInt8]
  private let endTag: [UInt8]
  private let stop: StopSignal

  init(
    range: Range<Int>, of input: SAXInput, after startTag: [UInt8], before endTag: [UInt8],
    stop: StopSignal
  ) {
    self.range = range
    self.input = input
    self.startTag = startTag
    self.endTag = endTag
    self.stop = stop
    reader.willParse(byteCount: min(range.count, input.byteCount - range.lowerBound))
  }

  /// Reads the part; a failure sets the stop signal, which the head checks after joining.
  @Sendable func run() {
    do {
      try SAXParser.parse(
        range, of: input, after: startTag, before: { self.endTag }, handler: reader,
        stopIf: { self.stop.isSet })
    } catch {
      stop.set()
    }
  }
}

import DrawdocModel
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The rectangles of a big drawing, made on a second thread while libxml2 parses on the first.
///
/// The parser's thread only copies each `<rect>`'s seven values into a batch; a consumer
/// thread turns full batches into ``Rectangle``s. Four batches go round between the two
/// threads, handed over with two semaphores, so memory stays bounded however big the file.
/// The consumer stops at the first value it refuses and only says that it did:
/// ``SVGDecoder`` then reads the file again on one thread, which names the problem.
final class RectanglePipeline: @unchecked Sendable {
  /// The longest value the pipeline takes; the reader stops at a longer one. Canonical values
  /// are at most 24 bytes long.
  static let longestValue = 64

  private static let batchCount = 4
  private static let rectanglesPerBatch = 4096
  private static let bytesPerBatch = 512 * 1024

  /// Seven values per rectangle, in ``RectangleField`` order, copied out of libxml2's buffer.
  private final class Batch {
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: RectanglePipeline.bytesPerBatch)
    /// Per rectangle, per field: where its value starts in `bytes`, and its length.
    let spans = UnsafeMutablePointer<(start: Int32, count: Int32)>.allocate(
      capacity: RectanglePipeline.rectanglesPerBatch * RectangleField.count)
    var count = 0
    var isLast = false

    deinit {
      bytes.deallocate()
      spans.deallocate()
    }

    func value(_ field: Int, of rectangle: Int) -> UnsafeBufferPointer<UInt8> {
      let span = spans[rectangle * RectangleField.count + field]
      return UnsafeBufferPointer(start: bytes + Int(span.start), count: Int(span.count))
    }
  }

  private let batches = (0..<RectanglePipeline.batchCount).map { _ in Batch() }
  /// Batches the parser's thread may fill; it starts with the first one.
  private let emptyBatches = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
  /// Batches the consumer may convert.
  private let fullBatches = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
  private let refused = Atomic<Bool>(false)
  private var thread: BackgroundThread?

  // Touched only by the parser's thread: the batch being filled, held by its pointers so
  // that storing a value costs no reference counting.
  private var filling = 0
  private var fillingBytes: UnsafeMutablePointer<UInt8>
  private var fillingSpans: UnsafeMutablePointer<(start: Int32, count: Int32)>
  private var fillingCount = 0
  private var fillingUsed = 0
  /// Touched only by the consumer until ``finish()`` has joined it.
  private var rectangles: [Rectangle] = []

  private init(expectedCount: Int) {
    fillingBytes = batches[0].bytes
    fillingSpans = batches[0].spans
    sem_init(emptyBatches, 0, UInt32(Self.batchCount - 1))
    sem_init(fullBatches, 0, 0)
    rectangles.reserveCapacity(expectedCount)
    MemoryAdvice.preferHugePages(for: &rectangles)
  }

  deinit {
    sem_destroy(emptyBatches)
    sem_destroy(fullBatches)
    emptyBatches.deallocate()
    fullBatches.deallocate()
  }

  /// Starts the consumer thread.
  ///
  /// - Parameter expectedCount: How many rectangles to reserve room for.
  /// - Returns: The running pipeline, or `nil` if no thread can be started.
  static func start(expectedCount: Int) -> RectanglePipeline? {
    let pipeline = RectanglePipeline(expectedCount: expectedCount)
    guard let thread = BackgroundThread.start(pipeline.consume) else { return nil }
    pipeline.thread = thread
    return pipeline
  }

  // MARK: - The parser's thread

  /// Makes room for one more rectangle, handing a full batch over.
  ///
  /// - Returns: `false` once the consumer has refused a value: the read can stop.
  func beginRectangle() -> Bool {
    if fillingCount == Self.rectanglesPerBatch
      || fillingUsed + RectangleField.count * Self.longestValue > Self.bytesPerBatch
    {
      handOver(isLast: false)
    }
    return !refused.load(ordering: .relaxed)
  }

  /// Copies one value of the rectangle begun last.
  ///
  /// - Returns: `false` for a value longer than ``longestValue``.
  func store(_ value: UnsafeBufferPointer<UInt8>, as field: RectangleField) -> Bool {
    guard value.count <= Self.longestValue else { return false }
    if let source = value.baseAddress {
      (fillingBytes + fillingUsed).update(from: source, count: value.count)
    }
    fillingSpans[fillingCount * RectangleField.count + field.rawValue] = (
      Int32(fillingUsed), Int32(value.count)
    )
    fillingUsed += value.count
    return true
  }

  /// Ends the rectangle begun last; each of its seven fields must have been stored.
  func endRectangle() {
    fillingCount += 1
  }

  /// Hands the last batch over and waits for the consumer.
  ///
  /// - Returns: The rectangles in document order, or `nil` if a value was refused.
  func finish() -> [Rectangle]? {
    handOver(isLast: true)
    thread?.join()
    thread = nil
    return refused.load(ordering: .relaxed) ? nil : rectangles
  }

  /// Stops the consumer when the read ends early; does nothing after ``finish()``.
  func cancel() {
    guard thread != nil else { return }
    refused.store(true, ordering: .relaxed)
    _ = finish()
  }

  private func handOver(isLast: Bool) {
    let batch = batches[filling]
    batch.count = fillingCount
    batch.isLast = isLast
    sem_post(fullBatches)
    guard !isLast else { return }
    filling = (filling + 1) % Self.batchCount
    while sem_wait(emptyBatches) != 0 && errno == EINTR {}
    fillingBytes = batches[filling].bytes
    fillingSpans = batches[filling].spans
    fillingCount = 0
    fillingUsed = 0
  }

  // MARK: - The consumer thread

  @Sendable private func consume() {
    // Appended to in a local variable: appending to the property would store to this object
    // on every rectangle, and the parser's thread reads its own fields from the same cache
    // lines.
    var converted: [Rectangle] = []
    swap(&converted, &rectangles)
    defer { swap(&converted, &rectangles) }
    var converting = 0
    while true {
      while sem_wait(fullBatches) != 0 && errno == EINTR {}
      let batch = batches[converting]
      if !refused.load(ordering: .relaxed) && !Self.convert(batch, into: &converted) {
        refused.store(true, ordering: .relaxed)
      }
      let isLast = batch.isLast
      sem_post(emptyBatches)
      if isLast { return }
      converting = (converting + 1) % Self.batchCount
    }
  }

  private static func convert(_ batch: Batch, into rectangles: inout [Rectangle]) -> Bool {
    for index in 0..<batch.count {
      guard
        let id = StrictValue.identifier(batch.value(RectangleField.id.rawValue, of: index)),
        let x = StrictValue.coordinate(batch.value(RectangleField.x.rawValue, of: index)),
        let y = StrictValue.coordinate(batch.value(RectangleField.y.rawValue, of: index)),
        let width = StrictValue.length(batch.value(RectangleField.width.rawValue, of: index)),
        let height = StrictValue.length(batch.value(RectangleField.height.rawValue, of: index)),
        let color = StrictValue.color(batch.value(RectangleField.fill.rawValue, of: index)),
        let alpha = StrictValue.alpha(batch.value(RectangleField.opacity.rawValue, of: index))
      else { return false }
      rectangles.append(
        Rectangle(
          id: id, point: Point(trustedX: x, y: y),
          size: Size(trustedWidth: width, height: height), color: color, alpha: alpha))
    }
    return true
  }
}

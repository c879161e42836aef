/// Where each rectangle of a plane sits, by id: an open-addressing hash table of 32-bit slots.
///
/// A slot holds the rectangle's position and a 7-bit fingerprint of its id; the id itself is
/// read from the rectangle only when the fingerprint matches. A million rectangles need an
/// 8 MB table, which stays in cache while a file is read, where a table of full keys (or the
/// general-purpose `Dictionary`) misses the cache on almost every insert.
struct IdentifierIndex: Sendable {
  /// The most rectangles a table can place: positions take 25 bits.
  static let maximumCount = (1 << 25) - 2

  /// `0` is an empty slot; otherwise `fingerprint << 25 | (position + 1)`.
  private var slots: [UInt32]
  private(set) var count = 0

  init(minimumCapacity: Int = 0) {
    var capacity = 16
    while capacity < minimumCapacity * 2 { capacity *= 2 }
    slots = [UInt32](repeating: 0, count: capacity)
  }

  /// The position of `id` among `rectangles`, or `nil`.
  func position(of id: Identifier, in rectangles: [Rectangle]) -> Int? {
    let (start, fingerprint) = Self.hash(id, mask: slots.count &- 1)
    var index = start
    while true {
      let slot = slots[index]
      if slot == 0 { return nil }
      if slot >> 25 == fingerprint {
        let position = Int(slot & 0x1FF_FFFF) &- 1
        if rectangles[position].id == id { return position }
      }
      index = (index &+ 1) & (slots.count &- 1)
    }
  }

  /// Records that `rectangles[position]` has `id`, unless another rectangle already has it.
  ///
  /// - Precondition: `position` is below ``maximumCount``; ``Plane`` checks it.
  /// - Returns: `false` if the id was already present (nothing changes then).
  mutating func insert(_ id: Identifier, at position: Int, in rectangles: [Rectangle]) -> Bool {
    if (count &+ 1) &* 2 > slots.count { grow(rectangles) }
    let (start, fingerprint) = Self.hash(id, mask: slots.count &- 1)
    var index = start
    while true {
      let slot = slots[index]
      if slot == 0 {
        slots[index] = fingerprint << 25 | UInt32(truncatingIfNeeded: position &+ 1)
        count &+= 1
        return true
      }
      if slot >> 25 == fingerprint, rectangles[Int(slot & 0x1FF_FFFF) &- 1].id == id {
        return false
      }
      index = (index &+ 1) & (slots.count &- 1)
    }
  }

  /// Indexes a whole array of rectangles at once, in the order of their home slots, so that
  /// the table is written front to back instead of at random: for a plane read from a file.
  ///
  /// - Parameter rectangles: The rectangles, at most ``maximumCount``.
  /// - Returns: The index, or the first id in `rectangles` that an earlier rectangle has.
  static func build(_ rectangles: [Rectangle]) -> Result<IdentifierIndex, ModelError> {
    var index = IdentifierIndex(minimumCapacity: rectangles.count)
    let mask = index.slots.count &- 1
    // A counting sort by the top bits of the home slot; each entry carries its home slot and
    // its finished slot value, so the inserts read nothing else at random.
    let bucketBits = min(16, mask.nonzeroBitCount)
    let shift = mask.nonzeroBitCount &- bucketBits
    var starts = [Int](repeating: 0, count: (1 << bucketBits) &+ 1)
    for rectangle in rectangles {
      starts[(hash(rectangle.id, mask: mask).slot >> shift) &+ 1] &+= 1
    }
    for bucket in 1..<starts.count { starts[bucket] &+= starts[bucket &- 1] }
    var homes = [UInt32](repeating: 0, count: rectangles.count)
    var values = [UInt32](repeating: 0, count: rectangles.count)
    for (position, rectangle) in rectangles.enumerated() {
      let (home, fingerprint) = hash(rectangle.id, mask: mask)
      let bucket = home >> shift
      homes[starts[bucket]] = UInt32(truncatingIfNeeded: home)
      values[starts[bucket]] = fingerprint << 25 | UInt32(truncatingIfNeeded: position &+ 1)
      starts[bucket] &+= 1
    }
    var duplicated = false
    for entry in rectangles.indices {
      let value = values[entry]
      var slotIndex = Int(homes[entry])
      while true {
        let slot = index.slots[slotIndex]
        if slot == 0 {
          index.slots[slotIndex] = value
          index.count &+= 1
          break
        }
        if slot >> 25 == value >> 25,
          rectangles[Int(slot & 0x1FF_FFFF) &- 1].id == rectangles[Int(value & 0x1FF_FFFF) &- 1].id
        {
          duplicated = true
          break
        }
        slotIndex = (slotIndex &+ 1) & mask
      }
    }
    guard duplicated else { return .success(index) }
    // Rare: name the first rectangle, in document order, whose id came before.
    var seen = Set<Identifier>()
    for rectangle in rectangles where !seen.insert(rectangle.id).inserted {
      return .failure(.duplicateIdentifier(rectangle.id))
    }
    return .success(index)
  }

  private mutating func grow(_ rectangles: [Rectangle]) {
    let old = slots
    slots = [UInt32](repeating: 0, count: old.count * 2)
    let mask = slots.count &- 1
    for slot in old where slot != 0 {
      let (start, _) = Self.hash(rectangles[Int(slot & 0x1FF_FFFF) &- 1].id, mask: mask)
      var index = start
      while slots[index] != 0 { index = (index &+ 1) & mask }
      slots[index] = slot
    }
  }

  /// The first slot to try and the fingerprint, from one multiply (Fibonacci hashing).
  private static func hash(_ id: Identifier, mask: Int) -> (slot: Int, fingerprint: UInt32) {
    let mixed = (id.rawValue &+ 1) &* 0x9E37_79B9_7F4A_7C15
    return (Int(truncatingIfNeeded: mixed >> 20) & mask, UInt32(truncatingIfNeeded: mixed >> 57))
  }
}

/// How the z-order of rectangles changed, and how two changes of it merge.
///
/// Orders are compared by the rectangles two orders share, matched by id. A rectangle *moved*
/// when it is not among the largest set of shared rectangles whose relative order stayed the
/// same (a longest increasing subsequence): raising one rectangle to the top moves that one,
/// not all the others.
enum ZOrder {
  /// The most pairs of rectangles a merge compares to place the moved ones; past it, the merge
  /// keeps OURS' order and reports ``MergeConflict/zOrderTooManyMoves(ours:theirs:)``.
  static let comparisonBudget = 200_000_000

  /// Which elements of a sequence of distinct numbers belong to one longest increasing
  /// subsequence (patience sorting, O(n log n)).
  ///
  /// - Parameter values: Distinct numbers.
  /// - Returns: For each element, whether it belongs to the subsequence.
  static func longestIncreasing(_ values: [Int]) -> [Bool] {
    // tails[k]: the index of the smallest last value of an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var kept = [Bool](repeating: false, count: values.count)
    var index = tails.last ?? -1
    while index >= 0 {
      kept[index] = true
      index = previous[index]
    }
    return kept
  }

  /// The rectangles that moved between two orders of the same rectangles.
  ///
  /// - Parameters:
  ///   - old: Ids, bottom first.
  ///   - new: The same ids in another order.
  /// - Returns: The ids of ``new`` that moved.
  static func moved(from old: [Identifier], to new: [Identifier]) -> Set<Identifier> {
    let position = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
    let kept = longestIncreasing(new.map { position[$0] ?? 0 })
    return Set(zip(new, kept).compactMap { $1 ? nil : $0 })
  }

  /// Merges two changes of the order of the same rectangles.
  ///
  /// For every two rectangles, the merged order keeps which one is above the other as the
  /// side that changed that has it, else as BASE has it (when both sides changed it, they
  /// agree: a pair has only two orders). When no order keeps all of these — the moves
  /// contradict each other — the result is OURS' order, with a conflict for each rectangle
  /// whose move could not be kept.
  ///
  /// - Parameters:
  ///   - base: The ids, bottom first, in BASE.
  ///   - ours: The same ids in OURS' order.
  ///   - theirs: The same ids in THEIRS' order.
  /// - Returns: The merged order and the ids whose moves contradict; `nil` conflicts mean
  ///   that both sides moved too many rectangles to compare within ``comparisonBudget``.
  static func merge(base: [Identifier], ours: [Identifier], theirs: [Identifier])
    -> (order: [Identifier], contradicted: [Identifier]?)
  {
    let count = base.count
    let index = Dictionary(uniqueKeysWithValues: base.enumerated().map { ($1, $0) })
    // Each rectangle is its position in BASE; the orders are sequences of those positions.
    let oursOrder = ours.map { index[$0] ?? 0 }
    let theirsOrder = theirs.map { index[$0] ?? 0 }
    if oursOrder == theirsOrder { return (ours, []) }
    let oursKept = longestIncreasing(oursOrder)
    let theirsKept = longestIncreasing(theirsOrder)
    let oursMoves = oursKept.filter { !$0 }.count
    let theirsMoves = theirsKept.filter { !$0 }.count
    if theirsMoves == 0 { return (ours, []) }
    if oursMoves == 0 { return (theirs, []) }

    var oursPosition = [Int](repeating: 0, count: count)
    for (position, rectangle) in oursOrder.enumerated() { oursPosition[rectangle] = position }
    var theirsPosition = [Int](repeating: 0, count: count)
    for (position, rectangle) in theirsOrder.enumerated() { theirsPosition[rectangle] = position }
    /// Whether `a` is above `b` in the merged order.
    func above(_ a: Int, _ b: Int) -> Bool {
      let inOurs = oursPosition[a] > oursPosition[b]
      return inOurs != (a > b) ? inOurs : theirsPosition[a] > theirsPosition[b]
    }

    // Start from the order of the side that moved more, and place the other side's moved
    // rectangles into it: the rest keep their order on both sides.
    let (start, inserted, insertedKept) =
      theirsMoves <= oursMoves
      ? (oursOrder, theirsOrder, theirsKept) : (theirsOrder, oursOrder, oursKept)
    let movers = zip(inserted, insertedKept).compactMap { $1 ? nil : $0 }
    guard movers.count * count <= comparisonBudget else { return (ours, nil) }
    let isMover = Set(movers)
    let rest = start.filter { !isMover.contains($0) }

    // Each mover goes above a run of `rest` from its bottom and below all the others.
    var gaps: [[Int]] = Array(repeating: [], count: rest.count + 1)
    var contradicted: [Identifier] = []
    for mover in movers {
      var gap = 0
      while gap < rest.count && above(mover, rest[gap]) { gap += 1 }
      if rest[gap...].contains(where: { above(mover, $0) }) {
        contradicted.append(base[mover])
      } else {
        gaps[gap].append(mover)
      }
    }
    var order: [Int] = []
    order.reserveCapacity(count)
    for (gap, movers) in gaps.enumerated() {
      order += movers.sorted { above($1, $0) }
      if gap < rest.count { order.append(rest[gap]) }
    }
    // Movers that share a gap were sorted, and movers in different gaps are ordered by them:
    // check that every two movers are as the merge wants them.
    let placed = order.filter { isMover.contains($0) }
    for (offset, lower) in placed.enumerated() {
      for upper in placed[(offset + 1)...] where above(lower, upper) {
        contradicted.append(base[lower])
        break
      }
    }
    guard contradicted.isEmpty else { return (ours, contradicted) }
    return (order.map { base[$0] }, [])
  }
}

extension SymbolGrid {
  /// Whether mask pattern `mask` (0 to 7, the standard's numbers) turns the module in column
  /// `x` and row `y`.
  static func masks(_ mask: Int, x: Int, y: Int) -> Bool {
    switch mask {
    case 0: (x + y) % 2 == 0
    case 1: y % 2 == 0
    case 2: x % 3 == 0
    case 3: (x + y) % 3 == 0
    case 4: (x / 3 + y / 2) % 2 == 0
    case 5: x * y % 2 + x * y % 3 == 0
    case 6: (x * y % 2 + x * y % 3) % 2 == 0
    default: ((x + y) % 2 + x * y % 3) % 2 == 0
    }
  }

  /// The symbol under each of the eight masks, with its format information: the one with the
  /// lowest penalty (the first of equals), and its mask.
  func bestMasked(correction: QRCode.Correction) -> (mask: Int, grid: SymbolGrid) {
    var best: (mask: Int, grid: SymbolGrid, penalty: Int)?
    for mask in 0..<8 {
      var candidate = self
      for y in 0..<size {
        for x in 0..<size where !isFunction[y * size + x] && Self.masks(mask, x: x, y: y) {
          candidate[x, y].toggle()
        }
      }
      candidate.drawFormatInformation(correction: correction, mask: mask)
      let penalty = candidate.penalty
      if best.map({ penalty < $0.penalty }) ?? true { best = (mask, candidate, penalty) }
    }
    // The loop ran eight times, so `best` is set.
    guard let best else { return (0, self) }
    return (best.mask, best.grid)
  }

  /// The standard's penalty score of the symbol; the mask with the lowest is used.
  ///
  /// 1. Each run of 5 or more modules of one colour in a row or column: 3, plus 1 for each
  ///    module past 5.
  /// 2. Each 2 × 2 block of one colour (blocks may overlap): 3.
  /// 3. Each run of dark, light, dark, light, dark modules in the ratio 1:1:3:1:1 (like a
  ///    finder) in a row or column with a light run 4 times the ratio's unit before or after it
  ///    (a run that reaches the edge goes on into the quiet zone): 40.
  /// 4. The share of dark modules: 10 × k when it lies between 50 ± 5k % and 50 ± 5(k + 1) %.
  var penalty: Int {
    // Read through a buffer: array accesses one by one are slow in a debug build, and the tests
    // make codes of every version in one.
    dark.withUnsafeBufferPointer { modules in
      var score = 0
      var runs: [Int] = []
      runs.reserveCapacity(size + 1)
      for line in 0..<size {
        score += Self.linePenalty(modules, start: line * size, step: 1, count: size, runs: &runs)
        score += Self.linePenalty(modules, start: line, step: size, count: size, runs: &runs)
      }
      var darkCount = 0
      for y in 0..<size {
        for x in 0..<size {
          let index = y * size + x
          let colour = modules[index]
          if colour { darkCount += 1 }
          if x + 1 < size && y + 1 < size && modules[index + 1] == colour
            && modules[index + size] == colour && modules[index + size + 1] == colour
          {
            score += 3
          }
        }
      }
      let total = size * size
      // The smallest k ≥ 0 with |dark / total − 1/2| ≤ (k + 1) × 5 %.
      let steps = (abs(darkCount * 20 - total * 10) + total - 1) / total - 1
      return score + 10 * max(0, steps)
    }
  }

  /// Rules 1 and 3 on the row or column of `count` modules from `start`, `step` apart.
  ///
  /// - Parameters:
  ///   - modules: The symbol's modules, row by row.
  ///   - start: The line's first module.
  ///   - step: From one module of the line to the next: 1 for a row, `size` for a column.
  ///   - count: The line's modules.
  ///   - runs: Room for the line's runs, reused from line to line.
  /// - Returns: The line's penalty points.
  private static func linePenalty(
    _ modules: UnsafeBufferPointer<Bool>, start: Int, step: Int, count: Int, runs: inout [Int]
  ) -> Int {
    // The runs, light first (of length 0 when the line starts dark), so dark runs are at odd
    // places.
    runs.removeAll(keepingCapacity: true)
    var colour = false
    var run = 0
    var index = start
    for _ in 0..<count {
      if modules[index] != colour {
        runs.append(run)
        run = 0
        colour.toggle()
      }
      run += 1
      index += step
    }
    runs.append(run)
    return runPenalty(runs) + finderLikePenalty(runs)
  }

  /// Rule 1 on a line's runs.
  static func runPenalty(_ runs: [Int]) -> Int {
    var score = 0
    for run in runs where run >= 5 { score += 3 + run - 5 }
    return score
  }

  /// Rule 3 on a line's runs (light first): dark and light runs in the ratio 1:1:3:1:1 (n, n,
  /// 3n, n, n modules), with a light run of at least 4n before or after them. The runs at the
  /// ends of the line go on into the quiet zone, so they are long enough.
  static func finderLikePenalty(_ runs: [Int]) -> Int {
    var score = 0
    for centre in stride(from: 3, to: runs.count - 2, by: 2) where runs[centre] % 3 == 0 {
      let unit = runs[centre] / 3
      guard
        runs[centre - 2] == unit && runs[centre - 1] == unit && runs[centre + 1] == unit
          && runs[centre + 2] == unit
      else { continue }
      let lightBefore = centre == 3 || runs[centre - 3] >= 4 * unit
      let lightAfter = centre + 3 >= runs.count - 1 || runs[centre + 3] >= 4 * unit
      if lightBefore || lightAfter { score += 40 }
    }
    return score
  }
}

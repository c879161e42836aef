/// A table printed as Markdown with padded columns, so that it reads in a terminal and
/// pastes into an issue as is. The figures (every column but the first and the last two) are
/// right-aligned.
struct ReportTable {
  var header: [String]
  var rows: [[String]] = []

  /// Adds a row, padded or cut to the header's width.
  mutating func add(_ cells: [String]) {
    var row = Array(cells.prefix(header.count))
    while row.count < header.count { row.append("") }
    rows.append(row)
  }

  /// Adds a row of a section: its label, its figures padded to `columns`, then its target
  /// and whether it is met.
  mutating func add(
    _ label: String, _ cells: [String], columns: Int, target: String = "", met: String = ""
  ) {
    add(
      [label] + cells + Array(repeating: "", count: max(0, columns - cells.count)) + [target, met])
  }

  /// The table's lines.
  var lines: [String] {
    let all = [header] + rows
    let widths = header.indices.map { column in
      max(3, all.map { $0[column].unicodeScalars.count }.max() ?? 0)
    }
    func isFigure(_ column: Int) -> Bool { column > 0 && column < header.count - 2 }
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { column, cell in
        let fill = String(repeating: " ", count: widths[column] - cell.unicodeScalars.count)
        return isFigure(column) ? fill + cell : cell + fill
      }
      return "| " + padded.joined(separator: " | ") + " |"
    }
    let rule = widths.enumerated().map { column, width in
      isFigure(column)
        ? String(repeating: "-", count: width - 1) + ":" : String(repeating: "-", count: width)
    }
    return [line(header), "| " + rule.joined(separator: " | ") + " |"] + rows.map(line)
  }
}

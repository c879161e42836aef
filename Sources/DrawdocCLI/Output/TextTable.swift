/// A table for people to read: a header row and rows of cells, each column as wide as its
/// widest cell, two spaces apart, the last column unpadded.
enum TextTable {
  /// The table's text.
  ///
  /// - Parameters:
  ///   - header: The column names.
  ///   - rows: The cells, as many in each row as the header has (safe to print already:
  ///     ``DrawdocEditing/DisplayText``).
  /// - Returns: A line a row, the header first.
  static func text(header: [String], rows: [[String]]) -> String {
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    return ([header] + rows).map { row in
      row.indices.map { column in
        column == row.count - 1
          ? row[column]
          : row[column] + String(repeating: " ", count: widths[column] - row[column].count)
      }.joined(separator: "  ") + "\n"
    }.joined()
  }
}

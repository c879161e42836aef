/// A drawdoc file written by hand for the `diff`, `merge` and git tests: the given title,
/// canvas, times and `rect` lines (`letter x y width height color alpha`, bottom first), in
/// the writer's exact form.
func drawingText(
  title: String = "Plan", width: String = "100", height: String = "80",
  modified: String = "2026-01-01T00:00:00Z", _ rectangles: [String]
) -> String {
  var text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
    viewBox="0 0 \(width) \(height)" data-drawdoc="1" data-id="doc-doc-doc" \
    data-created="2026-01-01T00:00:00Z" data-modified="\(modified)">
      <title>\(title)</title>

    """
  for line in rectangles {
    let parts = line.split(separator: " ").map(String.init)
    let group = String(repeating: parts[0], count: 3)
    let opacity = parts[6] == "10" ? "1" : "0.\(parts[6])"
    text +=
      "  <rect data-id=\"\(group)-\(group)-\(group)\" x=\"\(parts[1])\" y=\"\(parts[2])\" "
      + "width=\"\(parts[3])\" height=\"\(parts[4])\" fill=\"\(parts[5])\" "
      + "fill-opacity=\"\(opacity)\"/>\n"
  }
  return text + "</svg>\n"
}

/// The rectangles every comparison test starts from, bottom first.
let baseRectangles = [
  "a 0 0 10 10 #aa0000 10", "b 10 0 10 10 #00bb00 5", "c 20 0 10 10 #0000cc 7",
  "d 30 0 10 10 #dddddd 1",
]

// The library's front door, as the README and the DocC article show it, used from another
// package. It exits with status 1 and says why if any result is not what it must be.
import Drawdoc
import Foundation  // exit

func check(_ condition: Bool, _ what: String) {
  guard condition else {
    print("drawdoc consumer: \(what)")
    exit(1)
  }
}

let text = """
  <?xml version="1.0" encoding="UTF-8"?>
  <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100" \
  data-drawdoc="1" data-id="k3j-9xa-0pq" data-created="2026-11-21T08:00:00Z" \
  data-modified="2026-11-21T08:05:12Z">
    <title>Sketch</title>
    <rect data-id="afy-kw5-t7o" x="45" y="44.5" width="150" height="20" fill="#ebc641" \
  fill-opacity="0.7"/>
  </svg>

  """
let foreignText = """
  <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
    <rect width="50" height="50" fill="teal"/>
    <circle cx="75" cy="75" r="20"/>
  </svg>
  """

let drawing = try Drawing(svg: text)  // strict reading of a drawdoc file (String or [UInt8])
let file: String = drawing.svg()  // the canonical file
let imported = try Drawing.importing(svg: foreignText)  // any SVG
for warning in imported.warnings {  // imported.drawing is the result
  print(warning.location.line, warning.location.column, warning.message)
}
let png: [UInt8] = try drawing.png(scale: 2)  // the picture

check(file == text, "the canonical file is not the file read")
check(try Drawing(svg: Array(file.utf8)) == drawing, "the file's bytes read another drawing")
check(drawing.plane.count == 1 && drawing.plane.title == "Sketch", "the drawing read is wrong")
check(imported.drawing.plane.count == 1, "the import kept \(imported.drawing.plane.count)")
check(imported.warnings.map(\.location.line) == [3], "the import warned \(imported.warnings)")
check(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG file")
print("drawdoc consumer: the five spellings compile and run")

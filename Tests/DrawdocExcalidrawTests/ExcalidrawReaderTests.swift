import DrawdocExcalidraw
import DrawdocModel
import Testing

/// The fixtures read as drawings written out by hand from the files: each expected value is
/// the file's number with the move to the origin done in the same IEEE arithmetic the rule
/// states (x − left edge), the ids FNV-1a-derived (computed apart, in Python).
@Suite struct ExcalidrawReaderTests {
  @Test func sceneOneZero() throws {
    let result = try ExcalidrawReader.read(
      try fixture("scene-1-0.excalidraw"), title: "scene-1-0", now: importTime)
    // Left edge -27.72 (GdnxfD7…), top -20.9 (nlLmsrs…), right 601.03 + 293.42 (gXIaIMe…),
    // bottom 574.32 + 192.1 (6wYS3op…).
    let (left, top) = (-27.72, -20.9)
    let expected = try Plane(
      size: Size(width: (601.03 + 293.42) - left, height: (574.32 + 192.1) - top),
      title: "scene-1-0",
      rectangles: [
        rect("e1d-h08-qoh", 488.95 - left, 574.32 - top, 79.03, 192.1, "#e03131", 8),
        rect("fwy-d16-us1", 516.66 - left, 76.77 - top, 257.26, 183.67, "#2f9e44", 5),
        rect("l1a-feg-u3o", 240.67 - left, 399.25 - top, 193.18, 138.75, "#ffec99", 3),
        rect("hle-lxi-uws", 601.03 - left, 28.99 - top, 293.42, 24.11, "#e03131", 8),
        rect("asw-7ki-ctf", 684.0 - left, 201.0 - top, 118.41, 194.12, "#ffc9c9", 10),
        rect("u7w-6w9-49m", 47.31 - left, -20.9 - top, 44.9, 104.49, "#ffc9c9", 5),
        rect("lg9-vvx-6ws", -27.72 - left, 317.78 - top, 201.26, 47.62, "#b2f2bb", 5),
      ])
    #expect(result.drawing.plane == expected)
    #expect(result.drawing.id == (try Identifier("6y1-iga-r15")))
    #expect(result.drawing.created == importTime && result.drawing.modified == importTime)
    let strokeRough = "its stroke dropped; its hand-drawn edges (roughness 1) drawn straight"
    #expect(
      result.warnings.map(\.description) == [
        "1: warning: the canvas is the box around the elements, moved to the origin: "
          + "every rectangle moved by (27.72, 20.9)",
        "6: warning: rectangle \"6wYS3opk6HgAQDNAwsySV\": \(strokeRough)",
        "34: warning: rectangle \"YsuyvdE5XqgFLRRU9ZhmM\": \(strokeRough)",
        "62: warning: rectangle \"PvgJpgCNBTQ6bo8ypAfXn\": \(strokeRough)",
        "90: warning: ellipse \"gzFumerBlpGiZe285R6yG\" skipped: drawdoc keeps only rectangles",
        "118: warning: rectangle \"gXIaIMedLDZbkCMclTP4e\": \(strokeRough)",
        "176: warning: rectangle \"nlLmsrsvTWn_Po8KDSDeb\": \(strokeRough)",
        "204: warning: rectangle \"GdnxfD7boCUPpMnNN4yPl\": its zigzag fill drawn solid; "
          + strokeRough,
      ])
  }

  @Test func sceneOneOne() throws {
    let result = try ExcalidrawReader.read(
      try fixture("scene-1-1.excalidraw"), title: "", now: importTime)
    // Left edge -145.42 (RpVd5zU…), top -57.13 (the text), right 897.25 + 209.56 (the text),
    // bottom 594.97 + 98.98 (RpVd5zU…).
    let (left, top) = (-145.42, -57.13)
    let expected = try Plane(
      size: Size(width: (897.25 + 209.56) - left, height: (594.97 + 98.98) - top),
      title: "",
      rectangles: [
        rect("ewn-9kd-nqn", 501.17 - left, 182.73 - top, 78.31, 97.43, "#a5d8ff", 10),
        rect("ywf-7m5-ko9", 403.39 - left, 382.44 - top, 118.1, 30.35, "#a5d8ff", 8),
        rect("0a4-eq9-ars", 180.1 - left, 155.04 - top, 132.91, 134.91, "#2f9e44", 10),
        rect("5bb-7yy-9jj", -145.42 - left, 594.97 - top, 227.18, 98.98, "#2f9e44", 10),
        rect("2lq-o0f-5ka", 62.36 - left, 51.74 - top, 242.98, 37.3, "#b2f2bb", 10),
        rect("it5-q5s-v16", 126.95 - left, 64.64 - top, 222.51, 89.92, "#e03131", 5),
        rect("dvk-wgm-9ld", -58.68 - left, 314.86 - top, 205.42, 135.91, "#2f9e44", 3),
        rect("h7a-9yf-mp7", 205.85 - left, 474.97 - top, 80.06, 127.3, "#ffec99", 10),
        rect("5ll-2ut-ttl", 667.68 - left, 289.27 - top, 208.26, 75.4, "#ffc9c9", 10),
        rect("m3t-8kl-qos", 202.43 - left, 299.9 - top, 290.93, 30.49, "#ffec99", 5),
      ])
    #expect(result.drawing.plane == expected)
    let strokeRough = "its stroke dropped; its hand-drawn edges (roughness 1) drawn straight"
    #expect(
      result.warnings.map(\.description) == [
        "1: warning: the canvas is the box around the elements, moved to the origin: "
          + "every rectangle moved by (145.42, 57.13)",
        "6: warning: rectangle \"T7gBCK_BQ4jGyul4Uy8PE\": \(strokeRough); "
          + "its rotation (angle 0.6648) dropped",
        "34: warning: ellipse \"D2jZ1a7BmScVUbHte3xJi\" skipped: drawdoc keeps only rectangles",
        "62: warning: rectangle \"xakieS4p6rwz5rktNRWih\": \(strokeRough)",
        "90: warning: rectangle \"oOFmJwbbY6fREI8zOQcrK\": its cross-hatch fill drawn solid; "
          + strokeRough,
        "118: warning: rectangle \"RpVd5zUAq6OMMGE3A6MfF\": \(strokeRough)",
        "176: warning: rectangle \"yDnbQq9qoof5lJZrhoKhm\": \(strokeRough)",
        "204: warning: rectangle \"E8Fz0tv-4_yJdyQeCNHeW\": \(strokeRough)",
        "232: warning: rectangle \"lwcV9fXfThDaWq_Ynx14I\": its cross-hatch fill drawn solid; "
          + strokeRough,
        "260: warning: text \"1fgnb_K6VKrU9Fr4iXm9m\" skipped: drawdoc keeps only rectangles",
        "296: warning: rectangle \"11wgVnbvGuqKFlyrgy8ps\" skipped: its background is "
          + "transparent",
        "324: warning: ellipse \"jGwaaPetIDu0FzPsQSXOC\" skipped: drawdoc keeps only rectangles",
        "352: warning: rectangle \"xGB5-Aqnk1YbMwqZhTkwA\": \(strokeRough)",
        "380: warning: rectangle \"9tDUwb-7EN4Pi14TeS_fj\": its zigzag fill drawn solid; "
          + strokeRough,
      ])
  }

  @Test func embeddedScenes() throws {
    // Each holds one text element: no rectangle, a canvas the size of the text, one warning
    // on the payload's line (SVG) or line 1 (PNG).
    let cases: [(String, Bool, Double, Double, String, Int)] = [
      ("smiley_embedded_v2.svg", true, 36, 57, "SC8cylFGpzB0IwzyDYe_V", 3),
      ("smiley_embedded_v2.png", false, 36, 57, "cNkxk0RfgJPpJRdvC2LDL", 1),
      ("test_embedded_v1.svg", true, 77, 57, "tZmQpkG2BVvK3qOMbpuWz", 3),
      ("test_embedded_v1.png", false, 77, 57, "tZmQpkG2BVvK3qOMbpuWz", 1),
    ]
    for (name, isSVG, width, height, id, line) in cases {
      let bytes = try fixture(name)
      let read =
        isSVG
        ? try ExcalidrawPayload.read(svg: bytes, title: "t", now: importTime)
        : try ExcalidrawPayload.read(png: bytes, title: "t", now: importTime)
      let result = try #require(read, "\(name)")
      #expect(
        result.drawing.plane == (try Plane(size: Size(width: width, height: height), title: "t")))
      #expect(
        result.warnings.map(\.description).last
          == "\(line): warning: text \"\(id)\" skipped: drawdoc keeps only rectangles", "\(name)")
      #expect(result.warnings.count == 2, "\(name)")
    }
  }
}

// swift-tools-version:6.0
// A libFuzzer target for drawdoc's readers: SVG (strict and import mode), draw.io and
// Excalidraw. Not part of the main package: build and run it with `.ci/fuzz [SECONDS]` from the
// repository root.
//
// A separate package sees only the main package's library products and their public symbols.
// The SVG reader is the DrawdocSVG product; the draw.io and Excalidraw readers are targets with
// `package` access, not products, so they are reached through `ForeignDrawing`, the facade of
// the `Drawdoc` product (Sources/Drawdoc/ForeignDrawing.swift) through which the command line
// and the app read every file too.
import PackageDescription

let package = Package(
  name: "DrawdocFuzz",
  dependencies: [
    // A path dependency's identity is its folder's name; the repository folder may be named
    // anything, so the name is given explicitly.
    .package(name: "drawdoc", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "DrawdocSVGFuzz",
      dependencies: [
        .product(name: "DrawdocSVG", package: "drawdoc"),
        .product(name: "DrawdocXML", package: "drawdoc"),
        .product(name: "DrawdocModel", package: "drawdoc"),
        .product(name: "Drawdoc", package: "drawdoc"),
      ]
    )
  ]
)

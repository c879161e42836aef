// swift-tools-version:6.0
// A libFuzzer target for drawdoc's SVG reader (strict and import mode). Not part of the main
// package: build and run it with `.ci/fuzz [SECONDS]` from the repository root.
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
        .product(name: "DrawdocModel", package: "drawdoc"),
      ]
    )
  ]
)

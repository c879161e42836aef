// swift-tools-version:6.0
// A package that uses drawdoc as other packages do: by the `Drawdoc` product, through a path
// dependency. Not part of the main package: `.ci/consumer` builds and runs it, so that the
// spellings the documentation shows compile and run outside drawdoc's own modules.
import PackageDescription

let package = Package(
  name: "DrawdocConsumer",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    // A path dependency's identity is its folder's name; the repository folder may be named
    // anything, so the name is given explicitly.
    .package(name: "drawdoc", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "DrawdocConsumer",
      dependencies: [.product(name: "Drawdoc", package: "drawdoc")]
    )
  ]
)

// swift-tools-version:6.0
import PackageDescription

// The benchmark is its own package, so the library's manifest stays free of it (as
// swift-collections keeps its benchmarks apart). It uses drawdoc through the public API of
// the library products, exactly as a client would, built in release mode.
//
// `name:` pins the dependency's name whatever the checkout's folder is called (a path
// dependency otherwise takes its identity from the folder name).
let package = Package(
  name: "drawdoc-benchmarks",
  products: [
    .executable(name: "drawdoc-bench", targets: ["drawdoc-bench"])
  ],
  dependencies: [
    .package(name: "drawdoc", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "drawdoc-bench",
      dependencies: [
        .product(name: "DrawdocModel", package: "drawdoc"),
        .product(name: "DrawdocSVG", package: "drawdoc"),
        .product(name: "DrawdocRaster", package: "drawdoc"),
        .product(name: "DrawdocStore", package: "drawdoc"),
      ]
    )
  ]
)

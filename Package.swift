// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "drawdoc",
  // `Atomic` and `Mutex` (Synchronization) need macOS 15 and iOS 18. The libraries are for
  // both; the executable and the server it runs are for macOS (and Linux) only.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .executable(name: "drawdoc", targets: ["drawdoc"]),
    // The whole library in one import: `import Drawdoc`.
    .library(name: "Drawdoc", targets: ["Drawdoc"]),
    .library(name: "DrawdocModel", targets: ["DrawdocModel"]),
    .library(name: "DrawdocXML", targets: ["DrawdocXML"]),
    .library(name: "DrawdocSVG", targets: ["DrawdocSVG"]),
    .library(name: "DrawdocJSON", targets: ["DrawdocJSON"]),
    .library(name: "DrawdocStore", targets: ["DrawdocStore"]),
    .library(name: "DrawdocRaster", targets: ["DrawdocRaster"]),
    .library(name: "DrawdocPDF", targets: ["DrawdocPDF"]),
  ],
  targets: [
    // MARK: - System libraries

    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    // OpenSSL's libssl (and the libcrypto it stands on): TLS for the LAN listener, and the
    // local certificate authority that `drawdoc serve --lan` makes.
    .systemLibrary(
      name: "COpenSSL",
      pkgConfig: "openssl",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),

    // MARK: - The system layer: every call of the C library (files, clocks, threads, sockets,
    // readiness, change notification), with a Linux and a Darwin branch side by side.

    .systemLibrary(name: "CSystemLinux"),
    .target(name: "DrawdocSystem", dependencies: ["CSystemLinux"]),

    // MARK: - Library modules (model ← XML ← SVG, JSON ← store ← editing ← CLI and web;
    // XML ← draw.io and Excalidraw beside SVG; model ← raster; model ← PDF)

    .target(name: "DrawdocModel"),
    // QR codes (byte mode, Reed–Solomon error correction), written here: the pairing address
    // `drawdoc serve --lan` draws in the terminal and the app's pairing page shows.
    .target(name: "DrawdocQRCode"),
    // The JSON form of a drawing, and the JSON values every JSON output of drawdoc is made of.
    .target(name: "DrawdocJSON", dependencies: ["DrawdocModel"]),
    .target(name: "DrawdocLog", dependencies: ["DrawdocSystem"]),
    // What the readers of XML formats share, side by side: the libxml2 adapter (every call of
    // libxml2: the SAX2 push parser, a small tree reader, the RELAX NG validator), places in a
    // file, and CSS colors. SVG, draw.io and Excalidraw stand on it, none on another's code.
    .target(name: "DrawdocXML", dependencies: ["DrawdocModel", "DrawdocSystem", "CLibXML2"]),
    .target(name: "DrawdocSVG", dependencies: ["DrawdocModel", "DrawdocXML", "DrawdocSystem"]),
    .target(name: "DrawdocRaster", dependencies: ["DrawdocModel", "CZlib"]),
    // Vector PDF files of drawings, written by hand: no PDF library, no compression.
    .target(name: "DrawdocPDF", dependencies: ["DrawdocModel"]),
    // draw.io files (`.drawio`): read in import mode through DrawdocXML's libxml2 adapter and
    // DrawdocRaster's zlib, and written as one uncompressed page.
    .target(
      name: "DrawdocDrawIO", dependencies: ["DrawdocModel", "DrawdocXML", "DrawdocRaster"]),
    // Excalidraw's files: the scene (.excalidraw) read and written, and the scene its SVG and
    // PNG exports carry read. Not a product: `package` access; the `Drawdoc` product's
    // `ForeignDrawing` is their one way in.
    .target(
      name: "DrawdocExcalidraw",
      dependencies: ["DrawdocModel", "DrawdocJSON", "DrawdocXML", "DrawdocRaster"]
    ),
    .target(
      name: "DrawdocStore",
      dependencies: [
        "DrawdocModel", "DrawdocSVG", "DrawdocJSON", "DrawdocRaster", "DrawdocLog",
        "DrawdocSystem",
      ]
    ),
    .target(
      name: "Drawdoc",
      dependencies: [
        "DrawdocModel", "DrawdocXML", "DrawdocSVG", "DrawdocJSON", "DrawdocRaster", "DrawdocPDF",
        "DrawdocStore",
        // Only for `ForeignDrawing`, the one way to the draw.io and Excalidraw readers, public
        // and drawdoc's own alike (the command line and the app read files through it, and so
        // does the fuzz target, a package of its own); not re-exported.
        "DrawdocDrawIO", "DrawdocExcalidraw",
      ]
    ),
    // What a person asks of the drawings — parsing typed values, making, copying, editing and
    // reordering, the JSON views and the pages, reading any file (draw.io and Excalidraw too) in
    // import mode — said once for the command line and the app.
    .target(
      name: "DrawdocEditing",
      // `Drawdoc` for its `ForeignDrawing`, the one reader of foreign files, which the fuzz
      // target reaches too.
      dependencies: [
        "DrawdocModel", "DrawdocXML", "DrawdocSVG", "DrawdocJSON", "DrawdocRaster", "DrawdocPDF",
        "DrawdocStore", "DrawdocDrawIO", "DrawdocExcalidraw", "Drawdoc",
      ],
      // The gallery and the hand-off page are files, filled in by `HTMLTemplate`.
      resources: [
        .embedInCode("Pages/gallery.html"), .embedInCode("Pages/gallery-card.html"),
        .embedInCode("Pages/gallery-thumbnail.html"), .embedInCode("Pages/gallery-damaged.html"),
        .embedInCode("Pages/handoff.html"),
      ]
    ),
    // One store on many machines: drives git (through DrawdocSystem's ChildProcess) and
    // brings what other machines changed in through the store's operations. It sits above the
    // use cases, as one more of them: its views (`SyncView`, for `drawdoc sync` and the app)
    // show its conflicts with DrawdocEditing's `ConflictView`, as `drawdoc merge` does, while
    // DrawdocEditing knows nothing of git or remotes. So the arrow points from DrawdocSync to
    // DrawdocEditing, never back.
    .target(
      name: "DrawdocSync",
      dependencies: [
        "DrawdocModel", "DrawdocSVG", "DrawdocJSON", "DrawdocStore", "DrawdocEditing",
        "DrawdocSystem",
      ]
    ),
    // The HTTP server (sockets, requests, responses) knows nothing of drawings; the app's
    // routes and pages are DrawdocWeb.
    .target(name: "DrawdocHTTP", dependencies: ["DrawdocSystem", "DrawdocTLS", "DrawdocLog"]),
    // TLS sessions and certificates: every call of OpenSSL, in one place.
    .target(name: "DrawdocTLS", dependencies: ["DrawdocSystem", "COpenSSL"]),
    // The pages, their style sheet and their scripts are files of `Assets/`, compiled in as
    // byte arrays (`PackageResources.editor_js`, …): nothing is read from disk at run time.
    // `Assets/package.json` is only for `node --check` (it says the scripts are ES modules);
    // `Assets/icon.svg` is the drawdoc drawing the icons are exported from (docs/serve.md).
    .target(
      name: "DrawdocWeb",
      // Front ends import the use cases, HTTP and the model, never the store or the codecs
      // (`.ci/front-ends` fails on an import or an edge to DrawdocStore, DrawdocSVG or DrawdocJSON).
      dependencies: [
        "DrawdocModel", "DrawdocRaster", "DrawdocEditing", "DrawdocHTTP", "DrawdocSystem",
        "DrawdocSync", "DrawdocQRCode",
      ],
      exclude: ["Assets/package.json", "Assets/icon.svg"],
      resources: [
        .embedInCode("Assets/drawings.html"), .embedInCode("Assets/editor.html"),
        .embedInCode("Assets/get-in.html"),
        .embedInCode("Assets/app.css"), .embedInCode("Assets/common.js"),
        .embedInCode("Assets/drawings.js"), .embedInCode("Assets/editor.js"),
        .embedInCode("Assets/viewport.js"), .embedInCode("Assets/geometry.js"),
        .embedInCode("Assets/tools.js"), .embedInCode("Assets/panel.js"),
        .embedInCode("Assets/pagedrawing.js"), .embedInCode("Assets/gestures.js"),
        .embedInCode("Assets/pictureparts.js"),
        .embedInCode("Assets/keys.js"), .embedInCode("Assets/snap.js"),
        .embedInCode("Assets/layers.js"),
        .embedInCode("Assets/history.js"),
        .embedInCode("Assets/clipboard.js"),
        .embedInCode("Assets/pair.html"), .embedInCode("Assets/pair.js"),
        .embedInCode("Assets/devices.js"),
        .embedInCode("Assets/manifest.webmanifest"), .embedInCode("Assets/icon-180.png"),
        .embedInCode("Assets/icon-192.png"), .embedInCode("Assets/icon-512.png"),
        .embedInCode("Assets/presence.js"),
        .embedInCode("Assets/actions.js"), .embedInCode("Assets/arrange.js"),
        .embedInCode("Assets/commands.js"), .embedInCode("Assets/menus.js"),
        .embedInCode("Assets/picture.js"), .embedInCode("Assets/store.js"),
        .embedInCode("Assets/difference.js"), .embedInCode("Assets/swatches.js"),
        .embedInCode("Assets/toolstate.js"), .embedInCode("Assets/overlay.js"),
        .embedInCode("Assets/steps.js"),
        .embedInCode("Assets/overview.js"), .embedInCode("Assets/overviewworker.js"),
        .embedInCode("Assets/firstread.js"),
      ]
    ),
    .target(
      name: "DrawdocCLI",
      dependencies: [
        "DrawdocModel", "DrawdocRaster", "DrawdocEditing", "DrawdocLog", "DrawdocHTTP",
        "DrawdocWeb", "DrawdocSystem", "DrawdocSync", "DrawdocTLS", "DrawdocQRCode",
      ]
    ),
    // The Swift runtime is linked in, not loaded: every command starts about 3 ms sooner,
    // which is most of the difference for quick ones such as `list` and `open`. Only on Linux:
    // Apple's platforms have the runtime in the system, and the driver refuses the flag.
    .executableTarget(
      name: "drawdoc", dependencies: ["DrawdocCLI", "DrawdocSystem"],
      linkerSettings: [
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
      ]
    ),

    // MARK: - Tests

    // What several test targets share (random drawings, waiting on a condition with a
    // timeout); not a product, only tests use it.
    .target(
      name: "DrawdocTestSupport", dependencies: ["DrawdocModel", "DrawdocSystem"],
      path: "Tests/DrawdocTestSupport"),
    // What the HTTP server's tests and the app's share: a raw socket client, an attack.
    .target(
      name: "DrawdocHTTPTestSupport", dependencies: ["DrawdocSystem"],
      path: "Tests/DrawdocHTTPTestSupport"),
    .testTarget(name: "DrawdocSystemTests", dependencies: ["DrawdocSystem", "DrawdocTestSupport"]),
    .testTarget(name: "DrawdocTests", dependencies: ["Drawdoc", "DrawdocTestSupport"]),
    .testTarget(
      name: "DrawdocJSONTests",
      dependencies: ["DrawdocJSON", "DrawdocSVG", "DrawdocModel", "DrawdocTestSupport"]),
    .testTarget(name: "DrawdocModelTests", dependencies: ["DrawdocModel", "DrawdocTestSupport"]),
    // Decoded by zbarimg (zbar-tools), run with DrawdocSystem's ChildProcess.
    .testTarget(
      name: "DrawdocQRCodeTests",
      dependencies: ["DrawdocQRCode", "DrawdocSystem", "DrawdocTestSupport"]),
    .testTarget(
      name: "DrawdocXMLTests", dependencies: ["DrawdocXML", "DrawdocModel"]),
    .testTarget(
      name: "DrawdocSVGTests",
      dependencies: ["DrawdocSVG", "DrawdocXML", "DrawdocModel", "DrawdocTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "DrawdocRasterTests",
      dependencies: ["DrawdocRaster", "DrawdocModel", "DrawdocSVG", "CZlib"]
    ),
    .testTarget(name: "DrawdocPDFTests", dependencies: ["DrawdocPDF", "DrawdocModel"]),
    // drawdoc's certificate authority and the certificates it issues, checked with the
    // `openssl` command line and python3's plistlib.
    .testTarget(name: "DrawdocTLSTests", dependencies: ["DrawdocTLS", "DrawdocSystem"]),
    .testTarget(
      name: "DrawdocStoreTests",
      dependencies: [
        "DrawdocStore", "DrawdocSVG", "DrawdocJSON", "DrawdocModel", "DrawdocRaster",
        "DrawdocTestSupport",
      ]
    ),
    .testTarget(
      name: "DrawdocEditingTests",
      dependencies: [
        "DrawdocEditing", "DrawdocStore", "DrawdocJSON", "DrawdocModel", "DrawdocTestSupport",
        "Drawdoc", "DrawdocRaster", "DrawdocXML",
      ]
    ),
    .testTarget(
      name: "DrawdocSyncTests",
      dependencies: ["DrawdocSync", "DrawdocStore", "DrawdocModel", "DrawdocTestSupport"]),
    // The HTTP server alone, with responders of its own; the app behind it is DrawdocWebTests'.
    .testTarget(
      name: "DrawdocHTTPTests",
      dependencies: [
        "DrawdocHTTP", "DrawdocSystem", "DrawdocTLS", "DrawdocHTTPTestSupport",
        "DrawdocTestSupport",
      ]
    ),
    .testTarget(
      name: "DrawdocWebTests",
      dependencies: [
        "DrawdocWeb", "DrawdocHTTP", "DrawdocStore", "DrawdocModel", "DrawdocSVG", "DrawdocSync",
        "DrawdocPDF", "DrawdocDrawIO", "DrawdocExcalidraw", "DrawdocEditing", "DrawdocSystem",
        "DrawdocHTTPTestSupport", "DrawdocTestSupport",
      ]
    ),
    .testTarget(
      name: "DrawdocDrawIOTests",
      dependencies: [
        "DrawdocDrawIO", "DrawdocSVG", "DrawdocXML", "DrawdocModel", "DrawdocTestSupport",
      ]
    ),
    .testTarget(
      name: "DrawdocExcalidrawTests",
      dependencies: [
        "DrawdocExcalidraw", "DrawdocModel", "DrawdocJSON", "DrawdocSVG", "DrawdocXML",
        "DrawdocTestSupport", "CZlib",
      ],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "DrawdocCLITests",
      dependencies: [
        "DrawdocCLI", "DrawdocSVG", "DrawdocJSON", "DrawdocModel", "DrawdocRaster",
        "DrawdocSystem", "DrawdocTestSupport", "drawdoc",
      ],
      exclude: ["Fixtures/peers"]
    ),
  ]
)

import DrawdocHTTP

/// The style sheet, scripts, web app manifest and icons: the files of `Sources/DrawdocWeb/Assets/`, which SwiftPM
/// compiles into the binary (`.embedInCode` in `Package.swift` makes each one a byte array of
/// `PackageResources`). No URL reaches the file system.
enum Assets {
  /// The asset with this name, as a response.
  static func named(_ name: String) -> HTTPResponse? {
    let asset: (type: String, bytes: [UInt8])
    switch name {
    case "app.css": asset = ("text/css; charset=utf-8", PackageResources.app_css)
    case "common.js": asset = (javaScript, PackageResources.common_js)
    case "drawings.js": asset = (javaScript, PackageResources.drawings_js)
    case "editor.js": asset = (javaScript, PackageResources.editor_js)
    case "geometry.js": asset = (javaScript, PackageResources.geometry_js)
    case "viewport.js": asset = (javaScript, PackageResources.viewport_js)
    case "tools.js": asset = (javaScript, PackageResources.tools_js)
    case "panel.js": asset = (javaScript, PackageResources.panel_js)
    case "pagedrawing.js": asset = (javaScript, PackageResources.pagedrawing_js)
    case "pictureparts.js": asset = (javaScript, PackageResources.pictureparts_js)
    case "gestures.js": asset = (javaScript, PackageResources.gestures_js)
    case "keys.js": asset = (javaScript, PackageResources.keys_js)
    case "snap.js": asset = (javaScript, PackageResources.snap_js)
    case "layers.js": asset = (javaScript, PackageResources.layers_js)
    case "history.js": asset = (javaScript, PackageResources.history_js)
    case "clipboard.js": asset = (javaScript, PackageResources.clipboard_js)
    case "pair.js": asset = (javaScript, PackageResources.pair_js)
    case "devices.js": asset = (javaScript, PackageResources.devices_js)
    // What a browser installs the app with (to a phone's or tablet's home screen).
    case "manifest.webmanifest":
      asset = ("application/manifest+json", PackageResources.manifest_webmanifest)
    case "icon-180.png": asset = (png, PackageResources.icon_180_png)
    case "icon-192.png": asset = (png, PackageResources.icon_192_png)
    case "icon-512.png": asset = (png, PackageResources.icon_512_png)
    case "presence.js": asset = (javaScript, PackageResources.presence_js)
    case "actions.js": asset = (javaScript, PackageResources.actions_js)
    case "arrange.js": asset = (javaScript, PackageResources.arrange_js)
    case "commands.js": asset = (javaScript, PackageResources.commands_js)
    case "menus.js": asset = (javaScript, PackageResources.menus_js)
    case "picture.js": asset = (javaScript, PackageResources.picture_js)
    case "store.js": asset = (javaScript, PackageResources.store_js)
    case "difference.js": asset = (javaScript, PackageResources.difference_js)
    case "swatches.js": asset = (javaScript, PackageResources.swatches_js)
    case "toolstate.js": asset = (javaScript, PackageResources.toolstate_js)
    case "overlay.js": asset = (javaScript, PackageResources.overlay_js)
    case "steps.js": asset = (javaScript, PackageResources.steps_js)
    case "overview.js": asset = (javaScript, PackageResources.overview_js)
    case "overviewworker.js": asset = (javaScript, PackageResources.overviewworker_js)
    case "firstread.js": asset = (javaScript, PackageResources.firstread_js)
    default: return nil
    }
    var headers = HTTPHeaders()
    headers.add("Content-Type", asset.type)
    return HTTPResponse(status: .ok, headers: headers, body: .bytes(asset.bytes))
  }

  private static let javaScript = "text/javascript; charset=utf-8"
  private static let png = "image/png"
}

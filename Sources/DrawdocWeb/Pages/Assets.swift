import DrawdocHTTP

/// The style sheet and scripts, built into the binary: no URL reaches the file system.
enum Assets {
  /// The asset with this name, as a response.
  static func named(_ name: String) -> HTTPResponse? {
    let asset: (type: String, text: String)
    switch name {
    case "app.css": asset = ("text/css; charset=utf-8", AppStyle.css)
    case "common.js": asset = ("text/javascript; charset=utf-8", CommonScript.javaScript)
    case "drawings.js": asset = ("text/javascript; charset=utf-8", DrawingsScript.javaScript)
    case "editor.js": asset = ("text/javascript; charset=utf-8", EditorScript.javaScript)
    default: return nil
    }
    var headers = HTTPHeaders()
    headers.add("Content-Type", asset.type)
    return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array(asset.text.utf8)))
  }
}

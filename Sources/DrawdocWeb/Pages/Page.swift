import DrawdocHTTP

/// The app's two pages: `Assets/drawings.html` and `Assets/editor.html`, built into the binary
/// as the scripts are (see ``Assets``). Each is plain HTML that loads the style sheet and its
/// scripts from `/assets/`; nothing in them depends on the request.
enum Page {
  /// The drawings page: every drawing as a card, a form to make one, the trash.
  static let drawings = html(PackageResources.drawings_html)

  /// The editor page of one drawing; its script reads the drawing's id from the address.
  static let editor = html(PackageResources.editor_html)

  /// The pairing page of the network side (``PairingRoute``).
  static let pair = html(PackageResources.pair_html)

  /// What a browser that comes without the access token gets (401): how to get in.
  static let getIn = html(PackageResources.get_in_html, status: .unauthorized)

  private static func html(_ page: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
    var headers = HTTPHeaders()
    headers.add("Content-Type", "text/html; charset=utf-8")
    return HTTPResponse(status: status, headers: headers, body: .bytes(page))
  }
}

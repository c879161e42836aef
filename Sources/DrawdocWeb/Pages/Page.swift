import DrawdocHTTP
import DrawdocStore

/// The app's two pages: plain HTML that loads the style and the scripts from `/assets/`.
enum Page {
  /// The drawings page: every drawing as a card, a form to make one, the trash.
  static let drawings = html(
    title: "drawdoc", script: "drawings.js",
    body: """
      <header class="bar">
        <h1>drawdoc</h1>
        <span id="status" class="status" role="status"></span>
      </header>
      <main class="drawings">
        <form id="create" class="create" autocomplete="off">
          <h2>New drawing</h2>
          <label>Title <input name="title" placeholder="Untitled"></label>
          <label>Width <input name="width" value="1024" inputmode="decimal" size="6"></label>
          <label>Height <input name="height" value="768" inputmode="decimal" size="6"></label>
          <label>Random rectangles <input name="random" value="0" inputmode="numeric" size="4">
          </label>
          <button type="submit">Create</button>
          <p id="create-error" class="error" role="alert"></p>
        </form>
        <p id="message" class="error" role="alert"></p>
        <ul id="cards" class="cards"></ul>
        <p id="empty" class="empty" hidden>No drawings yet: make one above.</p>
        <section id="trash-section" class="trash" hidden>
          <h2>Trash</h2>
          <ul id="trash"></ul>
        </section>
      </main>
      """)

  /// The editor page of one drawing; the script reads the drawing's id from the address.
  static let editor = html(
    title: "drawdoc editor", script: "editor.js",
    body: """
      <header class="bar">
        <a href="/" class="back" id="back">← Drawings</a>
        <input id="title" class="title" aria-label="Title" autocomplete="off">
        <span id="status" class="status" role="status"></span>
      </header>
      <main class="editor">
        <div id="stage" class="stage" tabindex="0" aria-label="Canvas">
          <div id="canvas" class="canvas"></div>
          <svg id="overlay" class="overlay" xmlns="http://www.w3.org/2000/svg"></svg>
        </div>
        <aside class="panel">
          <p id="message" class="error" role="alert"></p>
          <section class="tools">
            <button id="undo" title="Undo (Ctrl+Z)">Undo</button>
            <button id="redo" title="Redo (Shift+Ctrl+Z)">Redo</button>
            <button id="add-random">Add rectangle</button>
          </section>
          <section id="selection" class="selection" hidden>
            <h2>Selected rectangle</h2>
            <dl>
              <dt>Id</dt><dd id="field-id" class="mono"></dd>
            </dl>
            <label>X <input id="field-x" data-field="x" inputmode="decimal"></label>
            <label>Y <input id="field-y" data-field="y" inputmode="decimal"></label>
            <label>Width <input id="field-width" data-field="width" inputmode="decimal"></label>
            <label>Height <input id="field-height" data-field="height" inputmode="decimal"></label>
            <label>Color <input id="field-color" data-field="color" class="mono" size="8"></label>
            <div class="row">
              <input id="color-picker" type="color" aria-label="Pick a color">
              <button id="random-color">Random color</button>
            </div>
            <label>Alpha <output id="alpha-value"></output></label>
            <div class="row">
              <button id="alpha-down" aria-label="Less opaque">−</button>
              <input id="field-alpha" type="range" min="1" max="10" step="1" aria-label="Alpha">
              <button id="alpha-up" aria-label="More opaque">+</button>
            </div>
            <div class="row order">
              <button id="to-back">To back</button>
              <button id="backward">Backward</button>
              <button id="forward">Forward</button>
              <button id="to-front">To front</button>
            </div>
            <button id="delete" class="danger">Delete rectangle</button>
          </section>
          <form id="add-form" class="add" autocomplete="off">
            <h2>Add with fields</h2>
            <p class="hint">Empty fields come from the factory.</p>
            <label>X <input name="x" inputmode="decimal" size="6"></label>
            <label>Y <input name="y" inputmode="decimal" size="6"></label>
            <label>Width <input name="width" inputmode="decimal" size="6"></label>
            <label>Height <input name="height" inputmode="decimal" size="6"></label>
            <label>Color <input name="color" size="8"></label>
            <label>Alpha <input name="alpha" inputmode="numeric" size="3"></label>
            <button type="submit">Add</button>
          </form>
          <section class="export">
            <h2>Export</h2>
            <a id="export-svg" download>SVG</a>
            <a id="export-json" download>JSON</a>
            <label>PNG scale <input id="png-scale" value="1" inputmode="decimal" size="4"></label>
            <a id="export-png" download>PNG</a>
          </section>
        </aside>
      </main>
      """)

  private static func html(title: String, script: String, body: String) -> HTTPResponse {
    let page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title)</title>
      <link rel="icon" href="data:,">
      <link rel="stylesheet" href="/assets/app.css">
      <script src="/assets/common.js" defer></script>
      <script src="/assets/\(script)" defer></script>
      </head>
      <body>
      \(body)
      </body>
      </html>

      """
    var headers = HTTPHeaders()
    headers.add("Content-Type", "text/html; charset=utf-8")
    return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array(page.utf8)))
  }

  /// Escapes text for HTML content and attribute values, as the gallery page does.
  static func escape(_ text: String) -> String { GalleryPage.escape(text) }
}

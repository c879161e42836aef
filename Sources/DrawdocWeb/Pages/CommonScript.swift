/// What both pages' scripts share: the API, times, messages, the change stream.
enum CommonScript {
  static let javaScript = #"""
    "use strict";

    /** Calls the API; resolves to {ok, status, data}. The error's message is the command line's. */
    async function api(method, path, body) {
      const options = { method, headers: {} };
      if (body !== undefined) {
        options.headers["Content-Type"] = "application/json";
        options.body = JSON.stringify(body);
      }
      let response;
      try {
        response = await fetch(path, options);
      } catch (error) {
        return { ok: false, status: 0, data: { error: "the server cannot be reached: " + error } };
      }
      let data = {};
      const text = await response.text();
      if (text) {
        try { data = JSON.parse(text); } catch (error) { data = { error: text }; }
      }
      return { ok: response.ok, status: response.status, data };
    }

    /** `2026-11-24 10:05` in the reader's time zone. */
    function localTime(iso) {
      const date = new Date(iso);
      const two = (n) => String(n).padStart(2, "0");
      return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
        `${two(date.getHours())}:${two(date.getMinutes())}`;
    }

    function element(tag, attributes = {}, ...children) {
      const node = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) {
        if (name === "text") node.textContent = value;
        else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
        else node.setAttribute(name, value);
      }
      for (const child of children) node.append(child);
      return node;
    }

    function showMessage(id, text) {
      const node = document.getElementById(id);
      if (node) node.textContent = text || "";
    }

    function setStatus(text) { showMessage("status", text); }

    /**
     * Follows the store's changes from `since`: `onChange(event)` for each, `onReload()` when
     * events were lost (the page then reads everything again).
     */
    function followChanges(since, onChange, onReload) {
      const source = new EventSource("/api/events?since=" + encodeURIComponent(since));
      source.addEventListener("change", (message) => onChange(JSON.parse(message.data)));
      source.addEventListener("reload", () => onReload());
      source.addEventListener("open", () => setStatus("live"));
      source.addEventListener("error", () => setStatus("reconnecting…"));
      return source;
    }
    """#
}

// clipboard.js's pure helpers: drawdoc's JSON form written and read, the SVG form, what pasted
// text looks like, the notices of an import's warnings, base64.
// Every expected value is worked out by hand from the inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  base64, clipboardJSON, clipboardSVG, looksImportable, looksLikeDrawIO, looksLikeExcalidraw,
  looksLikeSVG, readClipboardJSON, warningNotes,
} from "../../Sources/DrawdocWeb/Assets/clipboard.js";

const red = { id: "a", x: 1, y: 2, width: 3, height: 4, color: "#ff0000", alpha: 5 };

test("clipboardJSON: the seven fields of each rectangle, nothing more", () => {
  assert.equal(clipboardJSON("doc-1", [{ ...red, hidden: true }]),
    '{"format":"drawdoc-clipboard","version":1,"drawing":"doc-1","rectangles":'
    + '[{"id":"a","x":1,"y":2,"width":3,"height":4,"color":"#ff0000","alpha":5}]}');
});

test("readClipboardJSON: reads drawdoc's form back", () => {
  assert.deepEqual(readClipboardJSON(clipboardJSON("doc-1", [red])),
    { drawing: "doc-1", rectangles: [red] });
  assert.deepEqual(readClipboardJSON(
    '{"format":"drawdoc-clipboard","version":1,"drawing":7,"rectangles":[1,null,{"id":"b"}]}'),
  { drawing: null, rectangles: [{ id: "b" }] });
});

test("readClipboardJSON: null for anything else", () => {
  for (const text of ["", "not json", "null", "[]", '{"format":"other","version":1,"rectangles":[]}',
    '{"format":"drawdoc-clipboard","version":2,"rectangles":[]}',
    '{"format":"drawdoc-clipboard","version":1,"rectangles":{}}']) {
    assert.equal(readClipboardJSON(text), null, text);
  }
});

test("clipboardSVG: a viewBox around the rectangles, their ids escaped", () => {
  assert.equal(clipboardSVG([{ ...red, id: 'a"<', x: 10, y: 20, width: 30, height: 40 },
    { ...red, id: "b", x: 50, y: 0, width: 10, height: 10, color: "#00ff00", alpha: 10 }]),
  '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="60" viewBox="10 0 50 60">\n'
    + '  <rect data-id="a&#34;&#60;" x="10" y="20" width="30" height="40" fill="#ff0000" '
    + 'fill-opacity="0.5"/>\n'
    + '  <rect data-id="b" x="50" y="0" width="10" height="10" fill="#00ff00" fill-opacity="1"/>\n'
    + "</svg>\n");
});

test("looksLikeSVG", () => {
  assert.equal(looksLikeSVG('  <svg xmlns="http://www.w3.org/2000/svg"/>'), true);
  assert.equal(looksLikeSVG('<?xml version="1.0"?>\n<svg>'), true);
  assert.equal(looksLikeSVG("<SVG>"), true);
  assert.equal(looksLikeSVG("svg <svg>"), false);
  assert.equal(looksLikeSVG("<svgx>"), false);
});

test("looksLikeDrawIO: a file, or one URL-encoded as draw.io copies it", () => {
  assert.equal(looksLikeDrawIO('<mxfile host="app">'), true);
  assert.equal(looksLikeDrawIO("\n<mxGraphModel>"), true);
  assert.equal(looksLikeDrawIO("%3CmxGraphModel%3E"), true);
  assert.equal(looksLikeDrawIO(" %3cmxfile"), true);
  assert.equal(looksLikeDrawIO("<mxfiles>"), false);
  assert.equal(looksLikeDrawIO("<svg>"), false);
  assert.equal(looksLikeDrawIO("x<mxfile>"), false);
});

test("looksLikeExcalidraw: a scene or Excalidraw's copy", () => {
  assert.equal(looksLikeExcalidraw('{"type": "excalidraw", "elements": []}'), true);
  assert.equal(looksLikeExcalidraw(' {"type":"excalidraw/clipboard"}'), true);
  assert.equal(looksLikeExcalidraw('[{"type":"excalidraw"}]'), false);
  assert.equal(looksLikeExcalidraw('{"type":"other"}'), false);
});

test("looksImportable: any of the three", () => {
  assert.equal(looksImportable("<svg/>"), true);
  assert.equal(looksImportable("<mxfile>"), true);
  assert.equal(looksImportable('{"type":"excalidraw"}'), true);
  assert.equal(looksImportable("hello"), false);
  assert.equal(looksImportable('{"format":"drawdoc-clipboard"}'), false);
});

test("warningNotes: the first two with their lines, then how many more", () => {
  const warnings = [{ line: 3, message: "a thing." }, { line: 5, message: "other" },
    { line: 9, message: "x" }, { line: 10, message: "y" }];
  assert.deepEqual(warningNotes(warnings), ["Line 3 of the pasted SVG: a thing.",
    "Line 5 of the pasted SVG: other.", "And 2 more warnings."]);
  assert.deepEqual(warningNotes(warnings.slice(0, 3), 2, "a.drawio"), ["Line 3 of a.drawio: a thing.",
    "Line 5 of a.drawio: other.", "And 1 more warning."]);
  assert.deepEqual(warningNotes([]), []);
});

test("base64: the standard alphabet, padded", () => {
  assert.equal(base64(new Uint8Array([0x66, 0x6f, 0x6f])), "Zm9v");
  assert.equal(base64(new Uint8Array([0x66, 0x6f, 0x6f, 0x62])), "Zm9vYg==");
  assert.equal(base64(new Uint8Array([0xfb, 0xff])), "+/8=");
  assert.equal(base64(new Uint8Array([])), "");
});

test("base64: a file longer than one piece (32,768 bytes) is read whole", () => {
  // 32,769 zero bytes are 10,923 groups of three, each "AAAA".
  assert.equal(base64(new Uint8Array(32769)), "AAAA".repeat(10923));
});

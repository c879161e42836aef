#!/bin/bash
# Regenerates the foreign samples in this folder from Samples/*.svg and inputs/.
# Run from the repository root:  bash Samples/foreign/make-foreign.sh
# Made with Inkscape 1.2.2 (b0a8486541, 2022-12-01) from Debian's `inkscape` package and
# scour 0.38.2 from PyPI (`pip install scour`). Other versions write other bytes, and
# Inkscape numbers new objects with a counter (`rect15`), so a rerun may differ from the
# committed files: the committed files are the samples; this script is the record of how
# they were made. The expected results (*.expected.json) were written by hand.
set -euo pipefail
S=Samples
F=Samples/foreign

# --- Inkscape: drawdoc samples opened and saved again, untouched ---
for name in seeds-example fractional-edges escaped-title; do
  inkscape "$S/$name.svg" --export-type=svg --export-filename="$F/inkscape-$name.svg"
  inkscape "$S/$name.svg" --export-plain-svg --export-filename="$F/inkscape-plain-$name.svg"
done

# --- Inkscape: drawdoc samples edited with Inkscape actions, then saved ---
inkscape "$S/fractional-edges.svg" --actions="select-all;transform-translate:10,5" \
  --export-type=svg --export-filename="$F/inkscape-moved-fractional-edges.svg"
inkscape "$S/seeds-example.svg" --actions="select-all;object-set-property:fill,#ff0000" \
  --export-type=svg --export-filename="$F/inkscape-recolored-seeds-example.svg"
inkscape "$S/seeds-example.svg" --actions="select-all;transform-scale:2" \
  --export-type=svg --export-filename="$F/inkscape-scaled-seeds-example.svg"
inkscape "$S/seeds-example.svg" --actions="select-all;transform-rotate:30" \
  --export-type=svg --export-filename="$F/inkscape-rotated-seeds-example.svg"
inkscape "$S/seeds-example.svg" --actions="select-all;duplicate;transform-translate:100,50" \
  --export-type=svg --export-filename="$F/inkscape-duplicated-seeds-example.svg"
inkscape "$S/seeds-example.svg" --actions="select-all;object-to-path" \
  --export-type=svg --export-filename="$F/inkscape-path-seeds-example.svg"
inkscape "$S/seeds-example.svg" --actions="select-all;object-to-path;object-set-attribute:data-id,afy-kw5-t7o" \
  --export-type=svg --export-filename="$F/inkscape-path-data-id-seeds-example.svg"

# --- Inkscape: a drawing in mm with layers, edited with Inkscape actions ---
# inputs/mm-layers-input.svg is hand-written in the shape of Inkscape's A4 template; the
# committed samples are what Inkscape saved after these actions.
MM_ACTIONS="select-by-id:rect1;duplicate;transform-translate:20,10;select-clear;select-by-id:rect3;transform-rotate:15;select-clear;select-by-id:rect4;object-set-attribute:rx,4;object-set-attribute:ry,4;select-clear;select-by-id:rect2;object-set-property:stroke,#000000"
inkscape "$F/inputs/mm-layers-input.svg" --actions="$MM_ACTIONS" \
  --export-type=svg --export-filename="$F/inkscape-mm-layers.svg"
inkscape "$F/inputs/mm-layers-input.svg" --actions="$MM_ACTIONS" \
  --export-plain-svg --export-filename="$F/inkscape-plain-mm-layers.svg"

# --- scour ---
STRIP="--enable-id-stripping --remove-metadata --strip-xml-prolog --enable-comment-stripping --shorten-ids"
for name in seeds-example fractional-edges escaped-title; do
  scour -i "$S/$name.svg" -o "$F/scour-$name.svg"
  scour -i "$S/$name.svg" -o "$F/scour-stripped-$name.svg" $STRIP
  scour -i "$S/$name.svg" -o "$F/scour-nodesc-$name.svg" $STRIP --remove-descriptive-elements
done
# Inkscape's output passed through scour (the usual "optimised SVG" workflow)
scour -i "$F/inkscape-mm-layers.svg" -o "$F/scour-stripped-inkscape-mm-layers.svg" $STRIP
# scour 0.38.2 crashes on Samples/tricky-numbers.svg (decimal.InvalidOperation while
# shortening 1.7976931348623157e308); no file is made for it:
#   scour -i Samples/tricky-numbers.svg -o /tmp/x.svg

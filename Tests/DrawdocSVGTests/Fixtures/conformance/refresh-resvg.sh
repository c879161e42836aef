#!/usr/bin/env bash
# Copies the conformance inputs in resvg/ again from a clone of resvg's repository, at the
# commit Fixtures/conformance/README.md names (or another one), and says which files changed.
#
#   bash refresh-resvg.sh RESVG_CLONE [COMMIT]
#
# Each input `resvg_CATEGORY_FOLDER_NAME.svg` is `crates/resvg/tests/tests/CATEGORY/FOLDER/NAME.svg`
# in resvg, with a leading `hash-` in NAME standing for `#` (`hash-RGB-color` is `#RGB-color`).
# The licence texts come from the same commit. After a refresh, run the conformance tests: an
# input that changed needs its NAME.expected.json checked again by hand.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
clone=${1:?usage: bash refresh-resvg.sh RESVG_CLONE [COMMIT]}
commit=${2:-08c79a3148df4ce8ab08fca72204b142b95423dd}
git -C "$clone" cat-file -e "$commit^{commit}" 2>/dev/null || {
  echo "refresh-resvg: $clone has no commit $commit (git -C $clone fetch, or name another)" >&2
  exit 1
}
changed=0
for file in "$here"/resvg/resvg_*.svg; do
  name=$(basename "$file" .svg)
  IFS=_ read -r _ category folder rest <<<"$name"
  source="crates/resvg/tests/tests/$category/$folder/${rest/#hash-/#}.svg"
  git -C "$clone" show "$commit:$source" >"$file.new" || {
    rm -f "$file.new"
    echo "refresh-resvg: $source is not in $commit; remove $name and its expectation" >&2
    exit 1
  }
  if cmp -s "$file" "$file.new"; then rm "$file.new"; else
    mv "$file.new" "$file"; echo "changed: $name.svg (from $source)"; changed=$((changed + 1))
  fi
done
git -C "$clone" show "$commit:LICENSE-MIT" >"$here/resvg/LICENSE-MIT"
git -C "$clone" show "$commit:LICENSE-APACHE" >"$here/resvg/LICENSE-APACHE"
echo "refresh-resvg: $changed of $(ls "$here"/resvg/resvg_*.svg | wc -l) inputs changed at $commit"

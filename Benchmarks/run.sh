#!/usr/bin/env bash
# The drawdoc benchmark (Benchmarks/README.md explains each figure), from a clean clone:
#
#   bash Benchmarks/run.sh            # 10 k, 100 k, 1 M rectangles, 5 runs; store 11 runs;
#                                     # set at 1 k (41 runs) and 1 M (9); watch 200 changes
#   bash Benchmarks/run.sh --quick    # 10 k and 100 k, 3 runs; store 5 runs;
#                                     # set at 1 k (15 runs); watch 60 changes
#   bash Benchmarks/run.sh --app-only # only the drawing app's section (about 40 s once built)
#   bash Benchmarks/run.sh --editor-only [--before PATH]
#                                     # only the editor's section (editor_bench.py): frame
#                                     # times, first click, the longest frame after a fit
#                                     # and zoom keys, memory at 1 k, 10 k and 100 k; with
#                                     # --before, the two side by side and the lines of the
#                                     # editor's code then and now (editor_lines.py)
#   bash Benchmarks/run.sh --editor-lines-only [--lines-since COMMIT]
#                                     # only the lines of the editor's JavaScript and tests,
#                                     # at COMMIT (c5bd6c6) and HEAD
#   bash Benchmarks/run.sh --serve-only [--before PATH]
#                                     # only the server's section (serve_bench.py), with an
#                                     # older drawdoc binary measured in the same run
#   bash Benchmarks/run.sh --sync-only [--before PATH]
#                                     # only the sync's section (sync_bench.py): `drawdoc sync`
#                                     # receiving 1,000 / 4,000 / 10,000 drawings, and of
#                                     # 1,000 through a bare repository
#   bash Benchmarks/run.sh --tls-only [--quick]
#                                     # only TLS against HTTP (tls_bench.py): a small GET, a
#                                     # drawing's JSON and an edit over the network listener
#                                     # (127.0.0.2) and the loopback one, handshakes a second
#   bash Benchmarks/run.sh --store-only [--before PATH]
#                                     # only the store's section (store_bench.py): new, set
#                                     # and list in stores of 100, 10 k and 100 k drawings
#   bash Benchmarks/run.sh --presence-only
#                                     # only presence's section (presence_bench.py): pointer
#                                     # and edit from page to page, 20 pages moving
#   bash Benchmarks/run.sh --check    # a --quick run of every section, then check.py: exits
#                                     # non-zero naming each figure past its limit in
#                                     # thresholds.json (with --full: the full run instead)
#
# Every section's figures are also written as data: Benchmarks/.data/results/SECTION.json
# (results.py reads the tables the section prints; --results DIR writes them elsewhere).
#
# The drawing app's section (app_bench.py) comes after the table: `drawdoc serve` in
# headless Chromium. It needs Debian's chromium and chromium-driver and Python's selenium;
# without them it prints the install line and is left out. --no-app leaves it out; with
# --quick it times fewer changes and openings.
#
# The editor's section (editor_bench.py) comes next: the editor as a drawing tool in headless
# Chromium, frame times while dragging, panning and zooming, the first accepted click after
# opening, the longest frame after a fit and zoom keys, and the page's memory, on 1 k, 10 k
# and 100 k rectangles. Same needs as the app's section; --no-editor leaves it out; with
# --quick it makes shorter gestures, one opening and one fit; --before PATH measures that
# binary's editor first, in the same run, then prints the two side by side.
#
# Presence's section (presence_bench.py) comes after the editor's: a pointer moved on one page
# drawn as a cursor on another, an edit from page to page, and 20 pages in one drawing moving
# their pointers (the server's CPU, each page's frame times). Same needs as the app's
# section; --no-presence leaves it out; with --quick it makes fewer moves and edits and runs
# the 20 pages for 5 s.
#
# The server's section (serve_bench.py) comes last: `drawdoc serve` over HTTP, under attack,
# edits and their events at 1 k, 10 k and 100 k rectangles, writers, `drawdoc set`. It needs
# only python3. --no-serve leaves it out; --before PATH adds a drawdoc binary to compare
# with, measured in the same run; with --quick it skips 100 k and shortens the attack.
#
# The sync's section (sync_bench.py) comes after it: `drawdoc sync` receiving 1,000, 4,000 and
# 10,000 new drawings of 100 rectangles (time and peak memory, GNU time), then of a store of
# 1,000 through a bare repository, with nothing changed (against a bare `git fetch` from the
# same remote) and with 10 drawings changed on each side. It needs python3 and git.
# --no-sync leaves it out; --before PATH measures that binary too, in the same run; with
# --quick it receives 200 and 800 and makes stores of 200 drawings, 5 runs.
#
# The store's section (store_bench.py) comes after it: `drawdoc new`, `set` and `list` in stores
# of 100, 10,000 and 100,000 drawings, with --before PATH measured in the same run. It needs
# python3. --no-store leaves it out; with --quick it stops at 10,000 and makes 5 runs.
#
# Other options go to `drawdoc-bench suite` and win over the defaults: --runs N,
# --store-runs N, --budget SECONDS (per measurement), --sizes 10000,100000,1000000,
# --set-sizes 1000,1000000, --set-runs N (below 100 k), --set-runs-large N,
# --watch-changes N. BASELINE=<commit> builds `set`'s "before" binary from another commit
# than 7c30a3f (the last commit before drawings kept their histories).
#
# Needs the Swift toolchain; uses the reference programs in Benchmarks/Reference/
# (gen_drawdoc.py, ref_sax.c). python3, gcc with libxml2-dev, rsvg-convert and GNU time are used when
# present; for a missing one the script prints the apt-get line and leaves its column out.
# It installs nothing. Generated documents, the stores and ref_sax are cached in Benchmarks/.data/.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
reference="$here/Reference"
data="$here/.data"
results="$data/results"
started=$(date +%s)

app=yes
app_options=()
editor=yes
editor_options=()
editor_lines=yes
editor_lines_options=()
presence=yes
presence_options=()
serve=yes
serve_options=()
sync=yes
sync_options=()
store=yes
store_options=()
tls=yes
tls_options=()
before=""
sizes="10000,100000,1000000"
set_sizes="1000,1000000"
suite_options=(--runs 5 --store-runs 11 --budget 60 --set-runs 41 --set-runs-large 9
  --watch-changes 200)
extra=()
check=no
full=no
quick=no
# The --quick settings: for --quick, and for --check unless --full (options after win).
quick_settings() {
  quick=yes
  sizes="10000,100000"
  set_sizes="1000"
  suite_options=(--runs 3 --store-runs 5 --budget 20 --set-runs 15 --watch-changes 60)
  app_options=(--quick)
  editor_options=(--quick)
  presence_options=(--quick)
  serve_options=(--quick)
  sync_options=(--quick)
  store_options=(--sizes 100,10000 --runs 5)
  tls_options=(--quick)
}
if [[ " $* " == *" --check "* && " $* " != *" --full "* ]]; then quick_settings; fi
while (($#)); do
  case "$1" in
    --check)
      check=yes
      shift ;;
    --full)
      full=yes
      shift ;;
    --results)
      [[ $# -ge 2 ]] || { echo "run.sh: --results needs a folder" >&2; exit 64; }
      results="$2"
      shift 2 ;;
    --quick)
      quick_settings
      shift ;;
    --app-only)
      app=only
      shift ;;
    --no-app)
      app=no
      shift ;;
    --editor-only)
      editor=only
      shift ;;
    --no-editor)
      editor=no
      shift ;;
    --editor-lines-only)
      editor_lines=only
      shift ;;
    --lines-since)
      [[ $# -ge 2 ]] || { echo "run.sh: --lines-since needs a commit" >&2; exit 64; }
      editor_lines_options=(--since "$2")
      shift 2 ;;
    --presence-only)
      presence=only
      shift ;;
    --no-presence)
      presence=no
      shift ;;
    --serve-only)
      serve=only
      shift ;;
    --no-serve)
      serve=no
      shift ;;
    --sync-only)
      sync=only
      shift ;;
    --no-sync)
      sync=no
      shift ;;
    --store-only)
      store=only
      shift ;;
    --tls-only)
      tls=only
      shift ;;
    --no-tls)
      tls=no
      shift ;;
    --no-store)
      store=no
      shift ;;
    --before)
      [[ $# -ge 2 ]] || { echo "run.sh: --before needs a drawdoc binary" >&2; exit 64; }
      before="$2"
      shift 2 ;;
    --sizes)
      [[ $# -ge 2 ]] || { echo "run.sh: --sizes needs a value" >&2; exit 64; }
      sizes="$2"
      shift 2 ;;
    --set-sizes)
      [[ $# -ge 2 ]] || { echo "run.sh: --set-sizes needs a value" >&2; exit 64; }
      set_sizes="$2"
      shift 2 ;;
    -h|--help)
      awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0 ;;
    *)
      extra+=("$1")
      shift ;;
  esac
done

# What every result file records of how its section was run.
result_options=()
if [[ $quick == yes ]]; then result_options=(--option quick); fi
mkdir -p "$results"
rm -f "$results"/*.json "$results"/*.md

# Runs a section's command with its standard output also kept in RESULTS/SECTION.md, then
# writes RESULTS/SECTION.json from the tables in it (results.py); the command's status.
record() { # section, drawdoc binary (for its version), browser|no, command...
  local section="$1" binary="$2" browser="$3" status=0 load
  shift 3
  load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
  "$@" | tee "$results/$section.md" || status=${PIPESTATUS[0]}
  if command -v python3 >/dev/null; then
    local flags=(--benchmark "$section" --output "$results/$section.json" --drawdoc "$binary"
      --load-start "$load" "${result_options[@]}")
    if [[ $browser == browser ]]; then flags+=(--browser); fi
    python3 "$here/results.py" "${flags[@]}" <"$results/$section.md" || status=1
  fi
  return "$status"
}

# With --check: compares the result files of this run with thresholds.json.
check_results() {
  [[ $check == yes ]] || return 0
  local files=("$results"/*.json) require=()
  if [[ ! -e ${files[0]} ]]; then
    echo "run.sh --check: no result files in $results: nothing was measured" >&2
    return 1
  fi
  if [[ $1 == all ]]; then require=(--require-all); fi
  echo ""
  echo "## check: the figures against Benchmarks/thresholds.json"
  python3 "$here/check.py" "${require[@]}" "${files[@]}"
}

note=()
missing() { # what, apt package
  echo "run.sh: $1 not found: its column is left out. To install it: apt-get install -y $2" >&2
  note+=(--note "$1 was not found, so its column is empty (apt-get install -y $2).")
}

command -v swift >/dev/null || {
  echo "run.sh: swift not found: install the Swift toolchain (6.0 or later) first" >&2
  exit 69
}

# --- The drawing app's section: `drawdoc serve` in headless Chromium ------------------------
# Prints its own table after the suite's. Exit status 2 from app_bench.py means the browser,
# its driver or Selenium is missing: the section is left out, the run does not fail.
# Whether python3 is there for a section; says what is left out, and what to install, when
# not.
needs_python() { # the section, in words; the packages it needs besides python3
  command -v python3 >/dev/null && return 0
  echo "run.sh: python3 not found: $1 is left out." >&2
  echo "To install it: apt-get install -y python3${2:+ $2}" >&2
  return 1
}

# The same for a section in the browser.
browser_python() { # the section, in words
  needs_python "$1" "chromium chromium-driver python3-selenium"
}

run_app() { # drawdoc binary
  browser_python "the drawing app's section" || return 0
  local app_status=0
  if [[ -n $before ]]; then
    # The "before" binary first, in the same run, for its figures beside the new ones.
    echo "## the drawing app, before: $before"
    python3 "$here/app_bench.py" --drawdoc "$before" "${app_options[@]}" || app_status=$?
    if ((app_status == 2)); then return 0; fi
    echo "## the drawing app, after: $1"
    app_status=0
  fi
  record app "$1" browser python3 "$here/app_bench.py" --drawdoc "$1" "${app_options[@]}" ||
    app_status=$?
  if ((app_status == 2)); then return 0; fi
  return "$app_status"
}

# --- The editor's section: editor_bench.py in headless Chromium ----------------------------
# Prints its own table. Exit status 2 means the browser, its driver or Selenium is missing:
# the section is left out, the run does not fail.
run_editor() { # drawdoc binary
  browser_python "the editor's section" || return 0
  local editor_status=0
  if [[ -n $before ]]; then
    # The "before" binary first (its editor is compiled into it), for its figures beside
    # the new ones.
    echo "## the editor, before: $before"
    mkdir -p "$data"
    rm -f "$data/editor-before.json"
    python3 "$here/editor_bench.py" --drawdoc "$before" --json "$data/editor-before.json" \
      "${editor_options[@]}" || editor_status=$?
    if ((editor_status == 2)); then return 0; fi
    echo "## the editor, after: $1 (then the two side by side)"
    editor_status=0
  fi
  record editor "$1" browser \
    python3 "$here/editor_bench.py" --drawdoc "$1" --compare "$data/editor-before.json" \
    "${editor_options[@]}" || editor_status=$?
  if ((editor_status == 2)); then return 0; fi
  if [[ -n $before ]]; then run_editor_lines || editor_status=1; fi
  return "$editor_status"
}

# --- The editor's code: lines of its JavaScript and of its tests, then and now -------------
run_editor_lines() {
  if ! command -v python3 >/dev/null || ! command -v git >/dev/null; then
    echo "run.sh: python3 or git not found: the editor's lines are left out." >&2
    return 0
  fi
  echo ""
  python3 "$here/editor_lines.py" "${editor_lines_options[@]}"
}

# --- Presence's section: presence_bench.py in headless Chromium ---------------------------
# Prints its own table. Exit status 2 means the browser, its driver or Selenium is missing:
# the section is left out, the run does not fail.
run_presence() { # drawdoc binary
  browser_python "presence's section" || return 0
  local presence_status=0
  record presence "$1" browser \
    python3 "$here/presence_bench.py" --drawdoc "$1" "${presence_options[@]}" || presence_status=$?
  if ((presence_status == 2)); then return 0; fi
  return "$presence_status"
}

# --- The server's section: serve_bench.py over HTTP -------------------------------------
# Prints its own tables; with a "before" binary, each binary's and a before → after table.
run_serve() { # drawdoc binary
  needs_python "the server's section" || return 0
  local compare=()
  if [[ -n $before ]]; then compare=(--before "$before"); fi
  record serve "$1" no python3 "$here/serve_bench.py" --binary "$1" "${compare[@]}" "${serve_options[@]}"
}

# --- The sync's section: sync_bench.py, two stores and a bare repository ------------------
# Prints its own table.
run_sync() { # drawdoc binary
  if ! command -v python3 >/dev/null || ! command -v git >/dev/null; then
    echo "run.sh: python3 or git not found: the sync's section is left out." >&2
    echo "To install them: apt-get install -y python3 git" >&2
    return 0
  fi
  local compare=()
  if [[ -n $before ]]; then compare=(--before "$before"); fi
  record sync "$1" no python3 "$here/sync_bench.py" --drawdoc "$1" "${compare[@]}" "${sync_options[@]}"
}

# --- The store's section: store_bench.py, stores of 100 to 100,000 drawings ---------------
# Prints its own table.
run_store() { # drawdoc binary
  needs_python "the store's section" || return 0
  local compare=()
  if [[ -n $before ]]; then compare=(--before "$before"); fi
  record store "$1" no python3 "$here/store_bench.py" --drawdoc "$1" "${compare[@]}" "${store_options[@]}"
}

# --- TLS against HTTP: tls_bench.py, one server on 127.0.0.1 and 127.0.0.2 ------------------
# Prints its own tables.
run_tls() { # drawdoc binary
  needs_python "the TLS section" || return 0
  record tls "$1" no python3 "$here/tls_bench.py" --drawdoc "$1" "${tls_options[@]}"
}

# One section alone: builds drawdoc, runs the section, and ends the script with its status.
run_only() { # the section's run_ function
  echo "building drawdoc (swift build -c release)" >&2
  swift build -c release --package-path "$here" --product drawdoc >&2
  local status=0
  "$1" "$(swift build -c release --package-path "$here" --show-bin-path)/drawdoc" || status=$?
  check_results some || status=1
  echo "whole run, build included: $(($(date +%s) - started)) s"
  exit "$status"
}

if [[ $editor_lines == only ]]; then
  run_editor_lines
  exit $?
fi
if [[ $tls == only ]]; then run_only run_tls; fi
if [[ $store == only ]]; then run_only run_store; fi
if [[ $sync == only ]]; then run_only run_sync; fi
if [[ $serve == only ]]; then run_only run_serve; fi
if [[ $editor == only ]]; then run_only run_editor; fi
if [[ $presence == only ]]; then run_only run_presence; fi
if [[ $app == only ]]; then run_only run_app; fi

if [[ ! -f "$reference/gen_drawdoc.py" || ! -f "$reference/ref_sax.c" ]]; then
  echo "run.sh: the reference programs are missing: expected gen_drawdoc.py and ref_sax.c" >&2
  echo "in $reference (Benchmarks/Reference/ of the repository; restore them with git)." >&2
  exit 66
fi
mkdir -p "$data/out"

# --- The reference reader, ref_sax (C, libxml2 SAX2) ---------------------------------------
ref_sax="$data/ref_sax"
if ! command -v gcc >/dev/null; then
  missing gcc gcc
  ref_sax=none
elif ! pkg-config --exists libxml-2.0 2>/dev/null; then
  missing "libxml2 (pkg-config libxml-2.0, to build ref_sax)" "pkg-config libxml2-dev"
  ref_sax=none
elif [[ ! -x "$ref_sax" || "$reference/ref_sax.c" -nt "$ref_sax" || "$reference/ref_common.h" -nt "$ref_sax" ]]; then
  echo "building ref_sax with gcc -O2" >&2
  # shellcheck disable=SC2046  # pkg-config prints several words on purpose
  gcc -O2 "$reference/ref_sax.c" -o "$ref_sax" $(pkg-config --cflags --libs libxml-2.0)
fi

rsvg=$(command -v rsvg-convert || true)
if [[ -z "$rsvg" ]]; then
  missing rsvg-convert librsvg2-bin
  rsvg=none
fi

# GNU time measures peak memory (max RSS) of one run per measurement.
time_tool=$(type -P time || true)
if [[ -z "$time_tool" ]] || ! "$time_tool" -f %M -o /dev/null true 2>/dev/null; then
  echo "run.sh: GNU time not found: peak memory falls back to wait4 (see the notes)." >&2
  echo "To install it: apt-get install -y time" >&2
  time_tool=none
fi

# --- The documents, fixed seed 1, cached --------------------------------------------------
if command -v python3 >/dev/null; then
  IFS=, read -r -a counts <<<"$sizes,$set_sizes"
  for count in $(printf '%s\n' "${counts[@]}" | sort -nu); do
    file="$data/drawdoc-$count.svg"
    if [[ ! -s "$file" || "$reference/gen_drawdoc.py" -nt "$file" ]]; then
      echo "generating $count rectangles (gen_drawdoc.py $count 1)" >&2
      python3 "$reference/gen_drawdoc.py" "$count" 1 >"$file.tmp"
      mv "$file.tmp" "$file"
    fi
  done
else
  echo "run.sh: python3 not found: documents not generated yet are left out." >&2
  echo "To install it: apt-get install -y python3" >&2
  note+=(--note "python3 was not found: only documents generated earlier were measured (apt-get install -y python3).")
fi

# --- drawdoc and drawdoc-bench, release ---------------------------------------------------
# Both come from the benchmark package: `drawdoc` is the main package's executable product,
# built in release mode as a dependency, so the library is compiled once for both and the
# development build folder (.build at the root) is left alone.
echo "building drawdoc and drawdoc-bench (swift build -c release)" >&2
build_started=$(date +%s)
# SwiftPM can keep a stale list of the library's files in this package's build folder after
# files move; one clean retry mends that.
if ! swift build -c release --package-path "$here" --product drawdoc-bench >&2; then
  echo "build failed; retrying once from a clean Benchmarks/.build" >&2
  rm -rf "$here/.build"
  swift build -c release --package-path "$here" --product drawdoc-bench >&2
fi
swift build -c release --package-path "$here" --product drawdoc >&2
bin=$(swift build -c release --package-path "$here" --show-bin-path)
echo "built in $(($(date +%s) - build_started)) s" >&2

# --- drawdoc as it was before histories, for `set` before and after ---------------
# BASELINE=<commit> names another commit. The binary is built once from `git archive` of that
# commit into Benchmarks/.data/baseline-<commit>/, with its own scratch path, and kept.
baseline_commit="${BASELINE:-7c30a3f}"
baseline=none
if ! command -v git >/dev/null; then
  echo "run.sh: git not found: the 'set before' column is left out. To install it: apt-get install -y git" >&2
  note+=(--note "git was not found, so \`set\` before histories (commit $baseline_commit) was not measured (apt-get install -y git).")
elif ! commit=$(git -C "$root" rev-parse -q --verify "$baseline_commit^{commit}" 2>/dev/null); then
  echo "run.sh: commit $baseline_commit is not in this clone: the 'set before' column is left out" >&2
  note+=(--note "Commit $baseline_commit is not in this clone (a shallow clone?), so \`set\` before histories was not measured.")
else
  short=$(git -C "$root" rev-parse --short "$commit")
  baseline_dir="$data/baseline-$short"
  if [[ ! -x "$baseline_dir/drawdoc" && $check == yes && $full == no ]]; then
    # --check does not build a second drawdoc: `set` before and after has no limit in a quick
    # run; a full run (or one before) builds it and --check uses it from then on.
    echo "run.sh: --check leaves out \`set\` before histories (not built yet)" >&2
    note+=(--note "\`set\` before histories ($short) was not built: --check does not build it.")
  elif [[ ! -x "$baseline_dir/drawdoc" ]]; then
    echo "building drawdoc at $short (the binary before histories) in $baseline_dir" >&2
    rm -rf "$baseline_dir"
    mkdir -p "$baseline_dir/src"
    if git -C "$root" archive "$commit" | tar -x -C "$baseline_dir/src" &&
      swift build -c release --package-path "$baseline_dir/src" \
        --scratch-path "$baseline_dir/build" --product drawdoc >&2; then
      cp "$(swift build -c release --package-path "$baseline_dir/src" \
        --scratch-path "$baseline_dir/build" --show-bin-path)/drawdoc" "$baseline_dir/drawdoc"
    else
      echo "run.sh: drawdoc at $short did not build: the 'set before' column is left out" >&2
      note+=(--note "drawdoc at $short did not build, so \`set\` before it was not measured.")
    fi
  fi
  if [[ -x "$baseline_dir/drawdoc" ]]; then baseline="$baseline_dir/drawdoc"; fi
fi

status=0
record suite "$bin/drawdoc" no "$bin/drawdoc-bench" suite --data "$data" --drawdoc "$bin/drawdoc" --ref-sax "$ref_sax" \
  --rsvg "$rsvg" --time "$time_tool" --baseline "$baseline" --baseline-name "${short:-$baseline_commit}" \
  --sizes "$sizes" --set-sizes "$set_sizes" "${suite_options[@]}" "${note[@]}" "${extra[@]}" ||
  status=$?
if [[ $app == yes ]]; then
  run_app "$bin/drawdoc" || status=1
fi
if [[ $editor == yes ]]; then
  run_editor "$bin/drawdoc" || status=1
fi
if [[ $presence == yes ]]; then
  run_presence "$bin/drawdoc" || status=1
fi
if [[ $serve == yes ]]; then
  run_serve "$bin/drawdoc" || status=1
fi
if [[ $sync == yes ]]; then
  run_sync "$bin/drawdoc" || status=1
fi
if [[ $store == yes ]]; then
  run_store "$bin/drawdoc" || status=1
fi
if [[ $tls == yes ]]; then
  run_tls "$bin/drawdoc" || status=1
fi
if [[ $app != no && $editor != no && $presence != no && $serve != no && $sync != no &&
  $store != no && $tls != no ]]; then
  check_results all || status=1
else
  check_results some || status=1
fi
echo "whole run, builds and generation included: $(($(date +%s) - started)) s"
exit "$status"

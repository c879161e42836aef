// Names in comments and strings are not uses: inotify_init1, Glibc.read, MSG_NOSIGNAL.

/// Reads with `Glibc.read`, waking on `inotify`, flushing with `sync_file_range`.
func documented() {}

/* A block comment naming MAP_POPULATE, /* nested: st_mtim */ and O_TMPFILE. */
func blockCommented() {}

func strings(_ value: Int) -> [String] {
  let oneLine = "Glibc.read and MSG_NOSIGNAL // not a comment either"
  let interpolated = "value \(value) then epoll_create1"
  let code = "\(Glibc.read(0, nil, 0))"  // flagged
  let multiLine = """
    #if os(Linux)
    MAP_POPULATE inside a string, after a directive that is text
    \(value) \
    st_mtim
    """
  let raw = #"a "quoted" Glibc.write and \(value)"#
  return [oneLine, interpolated, code, multiLine, raw]
}

// The directive in the string above opened no block: this is still unguarded.
let unguarded = MAP_POPULATE  // flagged

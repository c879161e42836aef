import Foundation
import Testing

/// Remotes made with git's plumbing into shapes no drawdoc makes, stores named by a relative
/// path, and a remote that another machine keeps moving.
@Suite struct SyncRemoteTests {
  /// How the remote's `main` is malformed, and what the refusal says of it.
  enum Shape: String, CaseIterable, CustomTestStringConvertible {
    case annotatedTag, duplicateEntry, slashInAName

    var testDescription: String { rawValue }
  }

  @Test(arguments: Shape.allCases)
  func aMalformedRemoteIsRefusedWithWhatIsWrongAndChangesNothing(_ shape: Shape) throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Theirs")
    _ = try machines.newDrawing("B", "--title", "Mine")
    let drawing = try machines.hashObject(
      machines.box.read("\(machines.store("A"))/drawings/\(id).svg"))
    let marker = try machines.hashObject(Array("drawdoc store 1\n".utf8))
    let name = "\(id).svg"
    let root: String
    switch shape {
    case .annotatedTag:
      let drawings = try machines.tree([("100644", name, drawing)])
      root = try machines.tree([
        ("100644", ".drawdoc-store", marker), ("40000", "drawings", drawings),
      ])
    case .duplicateEntry:
      let drawings = try machines.tree([("100644", name, drawing), ("100644", name, drawing)])
      root = try machines.tree([
        ("100644", ".drawdoc-store", marker), ("40000", "drawings", drawings),
      ])
    case .slashInAName:
      root = try machines.tree([
        ("100644", ".drawdoc-store", marker), ("100644", "drawings/\(name)", drawing),
      ])
    }
    let commit = try machines.gitOutput([
      "--git-dir", machines.remote, "-c", "user.name=T", "-c", "user.email=t@t", "commit-tree",
      root,
      "-m", "x",
    ])
    if shape == .annotatedTag {
      try machines.gitOutput([
        "--git-dir", machines.remote, "-c", "user.name=T", "-c", "user.email=t@t", "tag", "-a",
        "-m", "a tag", "v1", commit,
      ])
      let object = try machines.gitOutput(["--git-dir", machines.remote, "rev-parse", "v1"])
      // git refuses to point a branch at a tag; a remote's files are another matter.
      try "\(object)\n".write(
        toFile: "\(machines.remote)/refs/heads/main", atomically: true, encoding: .utf8)
    } else {
      _ = try machines.gitOutput([
        "--git-dir", machines.remote, "update-ref", "refs/heads/main", commit,
      ])
    }

    let before = try machines.storeSnapshot("B")
    let expected: String
    switch shape {
    case .annotatedTag: expected = "its main branch names a tag, not a commit"
    case .duplicateEntry: expected = "its main branch holds drawings/\(name) twice"
    case .slashInAName:
      expected = "its main branch holds an entry named 'drawings/\(name)', and a name has no '/'"
    }
    for _ in 0..<2 {
      let result = try machines.runBinary("B", ["sync", "--remote", machines.remote])
      #expect(result.status == 65, "\(result.standardError)")
      #expect(
        result.standardError.hasPrefix(
          "Error: \(machines.remote) is not a drawdoc store: \(expected)"),
        "\(result.standardError)")
      #expect(try machines.storeSnapshot("B") == before)
    }
  }

  @Test func aRelativeStorePathGivesTheStatusOnTheCommandLineAndInTheApp() throws {
    let machines = try SyncMachines()
    _ = try machines.newDrawing("A", "--title", "Plan")
    machines.sync("A")
    machines.sync("B")
    for (arguments, extra) in [(["--store", "B"], [:]), ([], ["DRAWDOC_STORE": "B"])] {
      let status = try runProgram(
        drawdocExecutable.path, arguments + ["sync", "--status", "--json"],
        environment: machines.environment.merging(extra) { $1 }, in: machines.box.root)
      #expect(status.status == 0, "\(arguments) \(extra): \(status.standardError)")
      #expect(status.standardOutput.contains(#""changedHere": 0, "changedThere": 0"#))
    }

    let server = Process()
    server.executableURL = drawdocExecutable
    server.arguments = ["--store", "B", "serve", "--port", "0"]
    server.environment = machines.environment
    server.currentDirectoryURL = URL(fileURLWithPath: machines.box.root)
    let output = Pipe()
    server.standardOutput = output
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer {
      server.terminate()
      server.waitUntilExit()
    }
    var line = Data()
    while !line.contains(0x0A) {
      let more = output.fileHandleForReading.availableData
      try #require(!more.isEmpty, "serve ended before it printed its address")
      line += more
    }
    let text = String(decoding: line, as: UTF8.self)
    let address = try #require(
      text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") })
    let parts = address.split(separator: "/")  // http:, 127.0.0.1:PORT, ?token=…
    let host = String(parts[1])
    let token = String(address.split(separator: "=").last ?? "")
    let answer = try runProgram(
      "/usr/bin/env",
      ["curl", "-s", "-H", "Authorization: Bearer \(token)", "http://\(host)/api/sync"],
      environment: machines.environment)
    #expect(
      answer.standardOutput.contains(#""changedHere": 0, "changedThere": 0"#),
      "\(answer.standardOutput)")
  }
}

/// Another machine that pushes right before each of this one's pushes, through a `git` first
/// on `PATH`; after `pushes` of them (all when `nil`) it stops.
struct ContendedRemote {
  let folder: String

  init(_ machines: SyncMachines, pushes: Int?) throws {
    folder = "\(machines.box.root)/contended-git"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let realGit = try #require(
      (machines.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/git" }
        .first { FileManager.default.isExecutableFile(atPath: $0) })
    let counter = "\(folder)/pushes"
    let limit = pushes.map { "[ \"$(wc -l < \(counter))\" -gt \($0) ] && exec \(realGit) \"$@\"" }
    try """
    #!/bin/sh
    for argument in "$@"; do
      if [ "$argument" = push ]; then
        echo push >> \(counter)
        \(limit ?? "")
        remote='\(machines.remote)'
        tree=$(\(realGit) --git-dir="$remote" rev-parse 'main^{tree}')
        commit=$(\(realGit) --git-dir="$remote" -c user.name=C -c user.email=c@c commit-tree \
          "$tree" -p main -m 'another machine')
        \(realGit) --git-dir="$remote" update-ref refs/heads/main "$commit"
        break
      fi
    done
    exec \(realGit) "$@"
    """.write(toFile: "\(folder)/git", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(folder)/git")
    FileManager.default.createFile(atPath: counter, contents: nil)
  }

  /// The `PATH` with this git first.
  func path(_ machines: SyncMachines) -> String {
    "\(folder):\(machines.environment["PATH"] ?? "")"
  }

  /// How many pushes were tried.
  var pushes: Int {
    ((try? String(contentsOfFile: "\(folder)/pushes", encoding: .utf8)) ?? "")
      .split(separator: "\n").count
  }
}

/// A remote that another machine keeps moving: the sync backs off and tries again, for a
/// bounded time.
@Suite struct SyncContentionTests {
  @Test func aSyncOutlastsAnotherMachinesPushesAndThenPushes() throws {
    let machines = try SyncMachines()
    _ = try machines.newDrawing("A", "--title", "Plan")
    machines.sync("A")
    machines.sync("B")
    let id = try machines.newDrawing("B", "--title", "From B")
    let contended = try ContendedRemote(machines, pushes: 8)
    let result = try machines.runBinary(
      "B", ["sync"], extra: ["PATH": contended.path(machines)])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(contended.pushes == 9)
    #expect(machines.sync("A").contains("\(id) 'From B': new here"))
  }

  @Test func aSyncThatNeverGetsItsTurnSaysBusyAndLeavesTheRemoteAsItWas() throws {
    let machines = try SyncMachines()
    _ = try machines.newDrawing("A", "--title", "Plan")
    machines.sync("A")
    machines.sync("B")
    _ = try machines.newDrawing("B", "--title", "From B")
    let contended = try ContendedRemote(machines, pushes: nil)
    let result = try machines.runBinary(
      "B", ["sync"], extra: ["PATH": contended.path(machines), "DRAWDOC_LOCK_TIMEOUT": "1"])
    #expect(result.status == 75, "\(result.standardError)")
    #expect(
      result.standardError.hasPrefix(
        "Error: \(machines.remote) kept moving: another machine pushed before each of "),
      "\(result.standardError)")
    // Nothing of B's reached the remote; the next sync, uncontended, sends it.
    #expect(machines.sync("A").contains("received 0 drawings"))
    #expect(machines.sync("B").contains("sent 1 drawing"))
  }
}

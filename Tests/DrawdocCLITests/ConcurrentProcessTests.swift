import Foundation
import Testing

/// Processes that change one store at once, with readers alongside: no update is lost, and the
/// index stays whole.
@Suite struct ConcurrentProcessTests {
  @Test func eightProcessesAdding25EachLoseNoUpdate() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Busy")
    let writer = """
      for i in $(seq 25); do "$DRAWDOC" add "$DOC" >/dev/null 2>>"$ERRORS" || exit 1; done
      """
    // Readers alongside: an atomic write never shows them a half-written drawing.
    let reader = """
      for i in $(seq 40); do "$DRAWDOC" open "$DOC" --json >/dev/null 2>>"$ERRORS" || exit 1; done
      """
    var processes: [(Process, String)] = []
    for worker in 0..<10 {
      let errors = "\(box.work)/errors-\(worker).txt"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", worker < 8 ? writer : reader]
      process.environment = box.environment.merging([
        "DRAWDOC": drawdocExecutable.path, "DOC": id, "ERRORS": errors,
        "DRAWDOC_LOCK_TIMEOUT": "60",
      ]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      processes.append((process, errors))
    }
    for (process, _) in processes { try process.run() }
    for (process, errors) in processes {
      process.waitUntilExit()
      let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      #expect(process.terminationStatus == 0, "\(text)")
      #expect(text == "")
    }
    let form = try box.openJSON(id)
    #expect(form.rectangles.count == 200)
    #expect(Set(form.rectangles.map(\.id)).count == 200)
    #expect(try box.listJSON().map(\.rectangles) == [200])
  }

  @Test func eightProcessesCreatingDrawingsWhileOthersListKeepTheIndexWhole() throws {
    let box = try Sandbox()
    let script = """
      for i in $(seq 10); do "$DRAWDOC" new --title "W$WORKER" >>"$OUT" 2>>"$ERRORS" || exit 1; \\
      "$DRAWDOC" list >/dev/null 2>>"$LISTERRORS" || exit 1; done
      """
    var processes: [(process: Process, output: String, errors: String)] = []
    for worker in 0..<8 {
      let output = "\(box.work)/ids-\(worker).txt"
      let errors = "\(box.work)/errors-\(worker).txt"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script]
      process.environment = box.environment.merging([
        "DRAWDOC": drawdocExecutable.path, "WORKER": "\(worker)", "OUT": output,
        "ERRORS": errors, "LISTERRORS": "\(box.work)/list-errors-\(worker).txt",
        "DRAWDOC_LOCK_TIMEOUT": "60",
      ]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      processes.append((process, output, errors))
    }
    for worker in processes { try worker.process.run() }
    var ids: [String] = []
    for worker in processes {
      worker.process.waitUntilExit()
      let errors = (try? String(contentsOfFile: worker.errors, encoding: .utf8)) ?? ""
      #expect(worker.process.terminationStatus == 0, "\(errors)")
      #expect(errors == "")
      let output = (try? String(contentsOfFile: worker.output, encoding: .utf8)) ?? ""
      ids += output.split(separator: "\n").map(String.init)
    }
    // Nothing changed behind drawdoc's back, so no list had anything to warn about.
    let listWarnings = (0..<8).flatMap { worker in
      ((try? String(contentsOfFile: "\(box.work)/list-errors-\(worker).txt", encoding: .utf8))
        ?? "").split(separator: "\n")
    }
    #expect(
      listWarnings.isEmpty, "\(listWarnings.count) warnings, first: \(listWarnings.first ?? "")")
    #expect(ids.count == 80)
    #expect(Set(ids).count == 80)
    let list = box.run(["list", "--json"])
    #expect(list.status == 0)
    #expect(list.standardError == "", "no warning once every writer has finished")
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(list.standardOutput.utf8))
    #expect(Set(rows.map(\.id)) == Set(ids))
  }
}

import DrawdocHTTP
import DrawdocModel
import DrawdocStore
import Foundation
import Testing

/// The corpus of edit steps, `Tests/EditSteps/*.json`, against the server: each case's steps go
/// to `POST /api/drawings/ID/edits` of an app over a store of its own, as the page sends them,
/// and the rectangles after, the title, the notices and the undo steps of the answer must be
/// the case's; a refused case must be refused, naming its step, and change nothing. The undo
/// must give the drawing back, and its own undo must make the edit again.
/// `Tests/page/steps.test.mjs` runs the same cases against the page's `applySteps`.
@Suite struct EditStepCorpusTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("EditSteps")

  /// The case files' names, sorted.
  static let names: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

  @Test func theCorpusHasACaseOfEveryStep() throws {
    #expect(Self.names.count >= 40, "\(Self.folder.path) has \(Self.names.count) cases")
    var kinds: Set<String> = []
    for name in Self.names {
      for case let step as [String: Any] in try StepCase(named: name).steps {
        kinds.formUnion(step.keys)
      }
    }
    let every: Set = ["set", "shift", "add", "remove", "place", "order", "arrange", "rename"]
    #expect(every.subtracting(kinds).isEmpty, "no case of \(every.subtracting(kinds).sorted())")
  }

  @Test(arguments: names) func aCaseGivesItsResultAndUndoOrItsRefusal(_ name: String) throws {
    let stepCase = try StepCase(named: name)
    let fixture = try AppFixture(plane: stepCase.plane)
    let original = try fixture.store.drawing(fixture.id).plane
    let response = try post(stepCase.steps, to: fixture)
    let body = try fixture.object(response)

    if let refused = stepCase.refused {
      #expect(response.status.code == refused.status, "\(name): \(body)")
      let message = body["error"] as? String ?? ""
      if let step = refused.step {
        #expect(message.hasPrefix("step \(step): "), "\(name): \(message)")
      }
      #expect(message.contains(refused.reason), "\(name): \(message)")
      #expect(fixture.version == 1, "\(name): a refused edit made a version")
      #expect(try fixture.store.drawing(fixture.id).plane.rectangles == original.rectangles)
      return
    }

    #expect(response.status == .ok, "\(name): \(body)")
    let after = try fixture.store.drawing(fixture.id).plane
    #expect(after.rectangles == stepCase.result, "\(name): the result")
    #expect(after.title == stepCase.title, "\(name): the title")
    let notices = (body["notices"] as? [[String: Any]] ?? []).map {
      Notice(rectangle: $0["rectangle"] as? String, message: $0["message"] as? String ?? "")
    }
    #expect(notices == stepCase.notices, "\(name): the notices")
    let undo = try #require(body["undo"] as? [Any])
    #expect(canonical(undo) == canonical(stepCase.undo), "\(name): the undo steps")
    #expect(body["changed"] as? Bool == !undo.isEmpty, "\(name): changed")
    guard !undo.isEmpty else {
      #expect(fixture.version == 1, "\(name): an edit that changed nothing made a version")
      return
    }

    let undone = try fixture.object(try post(undo, to: fixture))
    let back = try fixture.store.drawing(fixture.id).plane
    #expect(back.rectangles == original.rectangles, "\(name): after the undo")
    #expect(back.title == original.title, "\(name): the title after the undo")
    _ = try post(try #require(undone["undo"] as? [Any]), to: fixture)
    #expect(try fixture.store.drawing(fixture.id).plane.rectangles == stepCase.result)
  }

  /// Every case's steps and undo follow `Schema/drawdoc-edits.schema.json`, but for the
  /// refused cases whose refusal the schema says too: those it must refuse. Checked with
  /// python3's jsonschema, in one run for the whole corpus.
  @Test func theCorpusFollowsTheSchemaAndTheSchemaRefusesWhatTheServerRefuses() throws {
    let script = """
      import json, os, sys
      try:
          import jsonschema
      except ImportError:
          sys.exit("python3's jsonschema is missing: bash .ci/setup installs it")
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft202012Validator.check_schema(schema)
      validator = jsonschema.Draft202012Validator(schema)
      problems = []
      for name in sorted(n for n in os.listdir(sys.argv[2]) if n.endswith(".json")):
          case = json.load(open(os.path.join(sys.argv[2], name)))
          errors = [f"{list(e.absolute_path)}: {e.message}"
                    for e in validator.iter_errors({"edits": case["steps"]})]
          if case.get("refused", {}).get("schema") == "refuses":
              if not errors:
                  problems.append(f"{name}: the schema takes steps the server refuses")
          else:
              problems += [f"{name}: steps {error}" for error in errors]
          if case.get("undo"):
              problems += [f"{name}: undo {list(e.absolute_path)}: {e.message}"
                           for e in validator.iter_errors({"edits": case["undo"]})]
      print("\\n".join(problems))
      sys.exit(1 if problems else 0)
      """
    let schema = Self.folder.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Schema/drawdoc-edits.schema.json")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, schema.path, Self.folder.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
  }

  /// Sends steps as the page does: `{"edits": steps}`.
  private func post(_ steps: [Any], to fixture: AppFixture) throws -> HTTPResponse {
    let body = try JSONSerialization.data(withJSONObject: ["edits": steps])
    return try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/edits", json: String(decoding: body, as: UTF8.self))
  }
}

/// A notice as the answer gives it.
private struct Notice: Equatable {
  var rectangle: String?
  var message: String
}

/// A JSON value as text with the members of objects sorted and every number as a double, so
/// that two values that mean the same compare equal.
private func canonical(_ value: Any) -> String {
  switch value {
  case is NSNull: return "null"
  case let text as String: return "\"\(text)\""
  case let number as NSNumber: return "\(number.doubleValue)"
  case let array as [Any]: return "[" + array.map(canonical).joined(separator: ",") + "]"
  case let object as [String: Any]:
    return "{"
      + object.keys.sorted().map { "\"\($0)\":\(canonical(object[$0] as Any))" }
      .joined(separator: ",") + "}"
  default: return "\(value)"
  }
}

/// One case of the corpus: a drawing, steps, and what they give or why they are refused.
private struct StepCase {
  struct Refusal {
    var status: Int
    /// The step the message names (from 1), or `nil` for the request as a whole.
    var step: Int?
    var reason: String
  }

  var plane: Plane
  var steps: [Any]
  var result: [Rectangle] = []
  var title: String
  var notices: [Notice] = []
  var undo: [Any] = []
  var refused: Refusal?

  init(named name: String) throws {
    let data = try Data(contentsOf: EditStepCorpusTests.folder.appendingPathComponent(name))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let known: Set = [
      "description", "drawing", "steps", "result", "title", "notices", "undo", "refused",
    ]
    #expect(Set(json.keys).subtracting(known).isEmpty, "\(name): unknown members")
    let drawing = try #require(json["drawing"] as? [String: Any], "\(name): drawing")
    let rectangles = try #require(drawing["rectangles"] as? [[String: Any]])
    plane = try Plane(
      size: try Size(
        width: try #require(drawing["width"] as? Double),
        height: try #require(drawing["height"] as? Double)),
      title: try #require(drawing["title"] as? String),
      rectangles: try rectangles.map(Self.rectangle))
    steps = try #require(json["steps"] as? [Any], "\(name): steps")
    title = json["title"] as? String ?? plane.title
    if let refused = json["refused"] as? [String: Any] {
      self.refused = Refusal(
        status: try #require(refused["status"] as? Int), step: refused["step"] as? Int,
        reason: try #require(refused["reason"] as? String))
      return
    }
    result = try (try #require(json["result"] as? [[String: Any]], "\(name): result or refused"))
      .map(Self.rectangle)
    notices = try (try #require(json["notices"] as? [[String: Any]], "\(name): notices")).map {
      Notice(rectangle: $0["rectangle"] as? String, message: try #require($0["message"] as? String))
    }
    undo = try #require(json["undo"] as? [Any], "\(name): undo")
  }

  private static func rectangle(_ fields: [String: Any]) throws -> Rectangle {
    Rectangle(
      id: try Identifier(try #require(fields["id"] as? String)),
      point: try Point(
        x: try #require(fields["x"] as? Double), y: try #require(fields["y"] as? Double)),
      size: try Size(
        width: try #require(fields["width"] as? Double),
        height: try #require(fields["height"] as? Double)),
      color: try Color(hex: try #require(fields["color"] as? String)),
      alpha: try Alpha(level: try #require(fields["alpha"] as? Int)))
  }
}

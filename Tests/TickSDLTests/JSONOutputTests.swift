import Foundation
import TestSupport
import Testing

/// Every JSON line `bench` prints parses with Foundation's `JSONSerialization`, a parser
/// other than the project's own, and holds the fields `tools/bench` reads. (Soak lines are
/// parsed alike in `SoakTests`, `--events` lines in the end-to-end tests and
/// `JSONWriterTests`.)
@Suite(.serialized) struct JSONOutputTests {
  /// Each stdout line of `tickplay args…` as a JSON object.
  func objects(_ args: [String]) throws -> [[String: Any]] {
    let r = try Tickplay.run(args, timeout: 120)
    #expect(r.status == 0, "\(args): \(r.stderr)")
    return r.stdout.split(separator: "\n").compactMap { line in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
      #expect(object is [String: Any], "not a JSON object: \(line)")
      return object as? [String: Any]
    }
  }

  @Test func benchLinesAreJSON() throws {
    let lines = try objects(["bench", "--window", "120x120", "--cell", "20"])
    #expect(lines.map { $0["bench"] as? String } == ["tessellate", "build"])
    #expect(lines.allSatisfy { ($0["triangles"] as? Int ?? 0) > 0 })
  }

  @Test func benchFrameLinesAreJSON() throws {
    let lines = try objects(
      [
        "bench", "frame", "--window", "160x120", "--cell", "20", "--views", "24",
        "--animating", "4", "--path", "compose",
      ])
    #expect(lines.count == 1)
    let line = try #require(lines.first)
    #expect(line["bench"] as? String == "frame" && line["path"] as? String == "compose")
    #expect((line["views"] as? Int ?? 0) >= 24 && line["frame_ms_p50"] is Double)
  }
}

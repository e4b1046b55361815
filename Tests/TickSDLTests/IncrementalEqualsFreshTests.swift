import Foundation
import TestSupport
import Testing

/// Differential: seeded random sessions of every kind of input (clicks, drag-paint, wheel
/// zoom, pan, resize down to 1×1, every key that changes state, radio groups, rain), on
/// every path and renderer. After every action, and at random moments between, the frame
/// drawn incrementally must equal a fresh render of the same state: `render --replay`
/// draws each `screenshot` incrementally, and `TICKPLAY_CHECK_FRAMES=1` compares every
/// drawn frame with a from-scratch one, failing on the first differing pixel. Half the
/// sessions render frame caches on the worker's thread, as `play` does.
///
/// `TICKPLAY_DIFF_SESSIONS=N` runs N sessions per path and renderer (34 by default: 204 in
/// all).
@Suite struct IncrementalEqualsFreshTests {
  static let sessions =
    Int(ProcessInfo.processInfo.environment["TICKPLAY_DIFF_SESSIONS"] ?? "") ?? 34

  static let cases: [(path: String, renderer: String)] = [
    ("direct", "opengl"), ("atlas", "opengl"), ("compose", "opengl"),
    ("direct", "software"), ("atlas", "software"), ("compose", "software"),
  ]

  @Test(arguments: cases.indices)
  func incrementalFramesEqualFreshOnes(caseIndex: Int) throws {
    let (path, renderer) = Self.cases[caseIndex]
    let dir = Tickplay.temporaryDirectory("diff-\(path)-\(renderer)")
    var failures: [String] = []
    // The folder stays when a session fails: it holds the script and the check's images.
    defer { if failures.isEmpty { try? FileManager.default.removeItem(at: dir) } }
    for k in 0..<Self.sessions {
      let seed = UInt64(caseIndex * 100_000 + k)
      let session = RandomSession(seed: seed, folder: dir)
      let script = dir.appendingPathComponent("s\(seed).txt")
      try session.script.write(to: script, atomically: true, encoding: .utf8)
      let r = try Tickplay.run(
        ["render"] + session.options + [
          "--path", path, "--renderer", renderer, "--replay", script.path,
          "--time", "\(session.endTime)", "--out", dir.appendingPathComponent("end.png").path,
        ],
        environment: [
          "SDL_VIDEODRIVER": "offscreen", "TICKPLAY_CHECK_FRAMES": "1",
          "TICKPLAY_CHECK_DIR": dir.path,
          // Every other session renders its sheets on the worker's thread, as play does.
          "TICKPLAY_BACKGROUND_SHEETS": k % 2 == 0 ? "1" : "0",
        ])
      if r.status != 0 {
        failures.append(
          "seed \(seed) (\(session.actions) actions): \(r.stderr)options: "
            + "\(session.options.joined(separator: " ")); script: \(script.path)")
        if failures.count >= 2 { break }
      }
      // Keep the folder small: the screenshots are only there to make frames.
      for f in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
      where f.hasSuffix(".png") && f.hasPrefix("s") {
        try? FileManager.default.removeItem(at: dir.appendingPathComponent(f))
      }
    }
    #expect(failures.isEmpty, "\(path) on \(renderer):\n\(failures.joined(separator: "\n\n"))")
  }
}

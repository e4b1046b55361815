import Foundation
import TestSupport
import Testing

extension OnTheXDisplay {
  /// `=` and `-` in a real window: the load starts (every view of a small grid), keeps
  /// restarting its views, and is recorded; replaying the recording gives the very value
  /// changes the window reported.
  @Suite struct LoadKeysTests {
    @Test(OnTheXDisplay.needed) func theLoadKeysWorkLiveAndReplayExactly() throws {
      let dir = Tickplay.temporaryDirectory("load-keys")
      let recording = dir.appendingPathComponent("live.txt").path
      let options = ["--window", "400x300", "--cell", "20", "--gap", "4", "--hud", "off"]
      let w = try PlayWindow(options + ["--events", "--record", recording], name: "load-keys")
      try w.key("equal")
      // 192 views: the load of 1,000 holds them all; each starts (one event), then every
      // half second restarts (two events: off at once, on again).
      let first = try w.waitForEvents(192)
      #expect(first.allSatisfy { $0.cause == "stress" })
      let round = try w.waitForEvents(192 * 3)
      #expect(Set(round.map(\.cell)).count == 192, "every view carries the load")
      try w.key("minus", "minus")
      try w.waitForRecorded(" key -")
      try w.waitForStep(after: w.latestStep)
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      let live = w.app.stdout

      let r = try Tickplay.run(
        ["play"] + options + ["--events", "--replay", recording],
        environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 60)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(
        !live.isEmpty && r.stdout == live, "the replay's value changes differ from the window's")
    }
  }
}

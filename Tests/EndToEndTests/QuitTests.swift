import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// Quitting is always clean: SIGINT and SIGTERM end play as Esc does, and `--frames 1`
  /// presents its one frame.
  @Suite struct QuitTests {
    typealias X = OnTheXDisplay

    /// A 400×300 play window whose exit writes a screenshot and a recording into a fresh
    /// folder, with `--events` on: what a clean quit must leave behind.
    static func recordedWindow(_ name: String) throws -> (
      window: PlayWindow, screenshot: String, record: String
    ) {
      let dir = Tickplay.temporaryDirectory(name)
      let shot = dir.appendingPathComponent("exit.png").path
      let record = dir.appendingPathComponent("session.txt").path
      let w = try PlayWindow(
        [
          "--window", "400x300", "--hud", "off", "--events", "--screenshot", shot,
          "--record", record,
        ], name: name)
      return (w, shot, record)
    }

    @Test(X.needed, arguments: [SIGINT, SIGTERM])
    func aSignalQuitsLikeEscape(signal: Int32) throws {
      let (w, shot, record) = try Self.recordedWindow("signal-\(signal)")
      try w.waitForFrame("the first frame") { X.ringed($0, 7) }
      let c = X.centre(7)
      try w.click(c.x, c.y)
      #expect(try w.waitForEvents(1).map(\.cell) == [7])
      try w.move(5, 5)  // no hover darkening on view 7
      try w.waitForFrame("view 7 on") { X.filled($0, 7) }
      #expect(w.signal(signal) == 0, "\(w.app.stderr)")
      // The summary line, the screenshot of the last frame, the recording, the events.
      #expect(w.app.stderr.contains("quitting on signal \(signal)"), "\(w.app.stderr)")
      #expect(w.app.stderr.contains("frames in") && w.app.stderr.contains("1 value changes"))
      let img = try RGBAImage(contentsOf: shot)
      #expect(img.width == 400 && X.filled(img, 7))
      let script = try String(contentsOfFile: record, encoding: .utf8)
      #expect(script.contains("press \(c.x) \(c.y)") && script.contains("release"), "\(script)")
      #expect(w.app.stdout.split(separator: "\n").count == 1)
    }

    @Test(X.needed) func oneFramePresentsAndCountsIt() throws {
      let r = try Tickplay.run(
        ["play", "--window", "200x150", "--hud", "off", "--frames", "1"],
        environment: ["SDL_VIDEODRIVER": "x11"])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("tickplay: 1 frames in"), "\(r.stderr)")
      #expect(!r.stderr.contains("no frames"), "\(r.stderr)")
    }
  }
}

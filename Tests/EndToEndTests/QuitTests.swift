import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// Quitting is always clean: SIGINT, SIGTERM and SIGHUP end play as Esc does, signals
  /// that arrive together are one request to quit, a window destroyed by another program
  /// ends the session as a quit does, and `--frames 1` presents its one frame.
  @Suite struct QuitTests {
    typealias X = OnTheXDisplay

    /// A 400×300 play window whose exit writes a screenshot and a recording into a fresh
    /// folder, with `--events` on: what a clean quit must leave behind.
    static func recordedWindow(_ name: String, _ more: [String] = []) throws -> (
      window: PlayWindow, screenshot: String, record: String
    ) {
      let dir = Tickplay.temporaryDirectory(name)
      let shot = dir.appendingPathComponent("exit.png").path
      let record = dir.appendingPathComponent("session.txt").path
      let w = try PlayWindow(
        [
          "--window", "400x300", "--hud", "off", "--events", "--screenshot", shot,
          "--record", record,
        ] + more, name: name)
      return (w, shot, record)
    }

    @Test(X.needed, arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalQuitsLikeEscape(signal: Int32) throws {
      let (w, shot, record) = try Self.recordedWindow("signal-\(signal)")
      try Self.selectView7(w)
      #expect(w.signal(signal) == 0, "\(w.app.stderr)")
      #expect(w.app.stderr.contains("quitting on signal \(signal)"), "\(w.app.stderr)")
      try Self.expectWrittenWithView7(w, shot: shot, record: record)
    }

    /// `timeout` sends SIGTERM to its child and then to the child's whole group: both
    /// arrive together, and are one request to quit, not a second one that kills.
    @Test(X.needed) func twoSignalsTogetherAreOneRequestToQuit() throws {
      let (w, shot, record) = try Self.recordedWindow("two-signals")
      try Self.selectView7(w)
      let pid = w.app.process.processIdentifier
      kill(pid, SIGTERM)
      kill(pid, SIGTERM)
      #expect(w.app.waitForExit(timeout: 10) == 0, "\(w.app.stderr)")
      #expect(w.app.process.terminationReason == .exit, "killed: \(w.app.stderr)")
      try Self.expectWrittenWithView7(w, shot: shot, record: record)
    }

    /// The issue's own run: `timeout 4 tickplay play --screenshot x.png` ends with the
    /// summary and the screenshot (`--preserve-status`: timeout's status is play's).
    @Test(X.needed) func timeoutEndsPlayWithItsScreenshot() throws {
      let shot = Tickplay.temporaryDirectory("timeout").appendingPathComponent("x.png").path
      let r = try Tickplay.run(
        URL(fileURLWithPath: "/usr/bin/timeout"),
        [
          "--preserve-status", "4", Tickplay.executable.path, "play", "--window", "400x300",
          "--hud", "off", "--select", "checker", "--screenshot", shot,
        ], environment: ["SDL_VIDEODRIVER": "x11"])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("quitting on signal \(SIGTERM)") && r.stderr.contains("frames in"))
      let img = try RGBAImage(contentsOf: shot)
      #expect(img.width == 400 && X.filled(img, 0) && X.clear(img, 1), "\(r.stderr)")
    }

    /// `xdotool windowclose` destroys the window from outside (no close request to
    /// answer): the session ends as a quit does, on the compose path's shared route and on
    /// the renderer's, with the screenshot of the last frame.
    @Test(X.needed, arguments: ["auto", "direct"])
    func aWindowDestroyedFromOutsideEndsTheSessionCleanly(path: String) throws {
      let (w, shot, record) = try Self.recordedWindow("windowclose-\(path)", ["--path", path])
      try Self.selectView7(w)
      // xdotool's own status is not asked for: it may see the window go under it.
      try shell(["xdotool", "windowclose", w.id])
      #expect(w.app.waitForExit(timeout: 10) == 0, "\(w.app.stderr)")
      #expect(w.app.stderr.contains("closed by another program"), "\(w.app.stderr)")
      #expect(!w.app.stderr.contains("X Error"), "\(w.app.stderr)")
      try Self.expectWrittenWithView7(w, shot: shot, record: record)
    }

    /// Clicks view 7 of a `recordedWindow` and waits until it shows on.
    static func selectView7(_ w: PlayWindow) throws {
      try w.waitForFrame("the first frame") { X.ringed($0, 7) }
      let c = X.centre(7)
      try w.click(c.x, c.y)
      #expect(try w.waitForEvents(1).map(\.cell) == [7])
      try w.move(5, 5)  // no hover darkening on view 7
      try w.waitForFrame("view 7 on") { X.filled($0, 7) }
    }

    /// What a clean end after `selectView7` leaves: the summary line, the screenshot of
    /// the last frame, the recording, the one event.
    static func expectWrittenWithView7(_ w: PlayWindow, shot: String, record: String) throws {
      #expect(w.app.stderr.contains("frames in") && w.app.stderr.contains("1 value changes"))
      let img = try RGBAImage(contentsOf: shot)
      #expect(img.width == 400 && X.filled(img, 7) && X.clear(img, 8))
      let c = X.centre(7)
      let script = try String(contentsOfFile: record, encoding: .utf8)
      #expect(script.contains("press \(c.x) \(c.y)") && script.contains("release"), "\(script)")
      #expect(w.app.stdout.split(separator: "\n").count == 1)
      let left = try FileManager.default.contentsOfDirectory(
        atPath: URL(fileURLWithPath: shot).deletingLastPathComponent().path)
      #expect(!left.contains { $0.hasSuffix(".part") }, "part files left: \(left)")
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

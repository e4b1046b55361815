import Foundation
import TestSupport
import Testing

extension OnTheXDisplay {
  /// The first window play shows is the one it keeps: a tool that finds it as soon as it
  /// appears (`xdotool search --sync`, a test's PlayWindow) never gets a window that then
  /// disappears.
  @Suite struct FirstWindowTests {
    typealias X = OnTheXDisplay

    /// xev reporting every top-level window mapped on the display, once it listens (a
    /// property set on the root window tells). Xvfb has been seen to refuse a connection
    /// for a moment on a loaded machine ("unable to open display"), as `PlayWindow` notes:
    /// an xev that exits is started again until the deadline.
    static func listeningXev(timeout: TimeInterval = 20) throws -> ChildProcess {
      let deadline = Date().addingTimeInterval(timeout)
      var failures: [String] = []
      while Date() < deadline {
        let xev = try ChildProcess(
          URL(fileURLWithPath: "/usr/bin/env"),
          ["xev", "-root", "-event", "substructure", "-event", "property"])
        let listening = try waitUntil(timeout: 5, while: { xev.process.isRunning }) {
          try shell(["xprop", "-root", "-f", "_TICKPLAY_TEST", "8s", "-set", "_TICKPLAY_TEST", "1"])
          return xev.stdout.contains("PropertyNotify")
        }
        if listening { return xev }
        stop(xev.process)
        failures.append(xev.stderr)
      }
      throw PlayWindow.Failure("xev did not start: \(failures.suffix(3))")
    }

    @Test(X.needed, .enabled(if: haveTool("xev") && haveTool("xprop"), "needs xev and xprop"))
    func playMapsOneWindowOnly() throws {
      let xev = try Self.listeningXev()
      defer { stop(xev.process) }

      let w = try PlayWindow(["--window", "400x300", "--hud", "off"], name: "first-window")
      try w.waitForFrame("the first frame") { X.ringed($0, 0) }
      #expect(try w.quit() == 0, "\(w.app.stderr)")

      // X gives each client its own range of ids: the windows in play's range it mapped.
      let id = try #require(UInt32(w.id))
      let clientRange: UInt32 = 0x1F_FFFF
      // xev's MapNotify: "MapNotify event, …, window ROOT,\n    event ROOT, window ID, …".
      let mapped = Set(
        xev.stdout.components(separatedBy: "\n\n").compactMap { block -> UInt32? in
          guard block.contains("MapNotify event"),
            let r = block.range(of: #"event 0x[0-9a-f]+, window 0x"#, options: .regularExpression)
          else { return nil }
          let hex = block[r.upperBound...].prefix { $0.isHexDigit }
          return UInt32(hex, radix: 16).flatMap {
            $0 & ~clientRange == id & ~clientRange ? $0 : nil
          }
        })
      #expect(mapped == [id], "play mapped \(mapped.map { String($0, radix: 16) }), kept \(w.id)")
    }
  }
}

import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// Ctrl+C and Ctrl+Q quit a real window the clean way Esc does — the summary line,
  /// `--screenshot` of the last frame, `--record` and `--events` written — and clear
  /// nothing first; C alone clears, and a letter held with Ctrl or Alt does nothing.
  @Suite struct QuitKeysTests {
    typealias X = OnTheXDisplay

    @Test(X.needed, arguments: ["ctrl+c", "ctrl+q"])
    func ctrlKeyQuitsLikeEscapeAndKeepsTheSelection(key: String) throws {
      let (w, shot, record) = try QuitTests.recordedWindow("quit-\(key)")
      try w.waitForFrame("the first frame") { X.ringed($0, 7) && X.ringed($0, 8) }
      for cell in [7, 8] {
        let c = X.centre(cell)
        try w.click(c.x, c.y)
      }
      #expect(try w.waitForEvents(2).map(\.cell) == [7, 8])
      try w.move(5, 5)  // no hover darkening on the views checked
      try w.waitForFrame("views 7 and 8 on") { X.filled($0, 7) && X.filled($0, 8) }

      // xdotool's own status is not asked for: the window may close between the key's
      // press and its release, and the release then has no window to go to.
      try shell(["xdotool", "key", "--window", w.id, key])
      #expect(w.app.waitForExit(timeout: 10) == 0, "\(w.app.stderr)")
      // Quit by the key: a run the test had to stop says so (SIGTERM quits cleanly too).
      #expect(!w.app.stderr.contains("quitting on signal"), "\(w.app.stderr)")
      #expect(w.app.stderr.contains("frames in") && w.app.stderr.contains("2 value changes"))
      #expect(w.events.map(\.cell) == [7, 8], "nothing cleared before quitting: \(w.app.stdout)")
      let img = try RGBAImage(contentsOf: shot)
      #expect(img.width == 400 && X.filled(img, 7) && X.filled(img, 8) && X.clear(img, 9))
      let script = try String(contentsOfFile: record, encoding: .utf8)
      #expect(script.contains("key \(key)"), "\(script)")
      #expect(script.components(separatedBy: "release").count == 3, "\(script)")
    }

    @Test(X.needed) func modifiedLettersDoNothingAndCAloneClears() throws {
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--events", "--select", "checker"],
        name: "modified-keys")
      try w.move(5, 5)
      try w.waitForFrame("the checkerboard") { img in
        (0..<24).allSatisfy { X.checker($0) ? X.filled(img, $0) : X.clear(img, $0) }
      }
      // Ctrl+A is not A (toggle all), Alt+C and Super+C are not C (clear), Ctrl+K is not
      // K. Tab, which changes no value, marks where the keys before it have been handled.
      try w.key("ctrl+a", "alt+c", "super+c", "ctrl+k", "ctrl+shift+c", "Tab")
      try w.waitForFrame("the checkerboard with the focus ring on view 0") { img in
        X.focusPixels(img, 0) > 20
          && (1..<24).allSatisfy { X.checker($0) ? X.filled(img, $0) : X.clear(img, $0) }
      }
      #expect(w.events.isEmpty, "\(w.app.stdout)")
      try w.key("c")
      let cleared = try w.waitForEvents(12)
      #expect(cleared.allSatisfy { $0.new == "off" && X.checker($0.cell) })
      try w.waitForFrame("every view clear") { img in (1..<24).allSatisfy { X.clear(img, $0) } }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}

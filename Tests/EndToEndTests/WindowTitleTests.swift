import Foundation
import TestSupport
import Testing

extension OnTheXDisplay {
  /// The window's title as the usual tools see it: `xdotool search --name` (which reads
  /// WM_NAME) finds the window by "TickPlayground", and by the style and file it names.
  @Suite struct WindowTitleTests {
    typealias X = OnTheXDisplay

    /// The ids of the windows whose title matches the extended regular expression
    /// `pattern`, as `xdotool search --name` gives them.
    static func search(_ pattern: String) throws -> [String] {
      let (_, out) = try shell(["xdotool", "search", "--name", pattern])
      return out.split(separator: "\n").map(String.init)
    }

    /// Waits until `xdotool search --name pattern` lists `w`'s window; whether it did
    /// before `timeout`.
    static func found(_ w: PlayWindow, _ pattern: String, timeout: TimeInterval = 10) throws
      -> Bool
    {
      try waitUntil(timeout: timeout, while: { w.app.process.isRunning }) {
        try search(pattern).contains(w.id)
      }
    }

    /// Both titles the window carries, for a failure's message.
    func title(_ w: PlayWindow) -> String {
      let (_, out) = (try? shell(["xprop", "-id", w.id, "WM_NAME", "_NET_WM_NAME"])) ?? (1, "")
      return out
    }

    @Test(X.needed) func xdotoolFindsTheWindowByItsTitle() throws {
      let dir = Tickplay.temporaryDirectory("title")
      let styleURL = dir.appendingPathComponent("mine.json")
      let stroke = try Tickplay.builtInStyleText("stroke")
      #expect(stroke.contains("\"name\": \"stroke\""))
      func save(name: String) throws {
        let text = stroke.replacingOccurrences(
          of: "\"name\": \"stroke\"", with: "\"name\": \"\(name)\"")
        try Data(text.utf8).write(to: styleURL, options: .atomic)
      }
      try save(name: "pop")
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--style", styleURL.path], name: "title")
      #expect(try Self.found(w, "TickPlayground"), "\(title(w))")
      // The title names the style and its file, and follows a save.
      #expect(try Self.found(w, "pop \\(mine\\.json\\)"), "\(title(w))")
      try save(name: "fizz")
      #expect(try Self.found(w, "fizz \\(mine\\.json\\)"), "\(title(w))")
      // _NET_WM_NAME is written by SDL's connection, WM_NAME again by play's own: the two
      // reach the X server in either order.
      _ = try w.waitForTitle("the full title after the save") {
        $0.contains("TickPlayground — 24 views — fizz (mine.json), ")
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}

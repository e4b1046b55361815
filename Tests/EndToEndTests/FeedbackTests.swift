import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// What a key says back in a real window: a toast that fades, the title the window
  /// manager shows, and F12's saved screenshot.
  @Suite struct FeedbackTests {
    typealias X = OnTheXDisplay

    /// Whether the toast's dark box is at the bottom centre of a 400×300 grid area: a
    /// pixel of its padding, above the text, whose glyphs are white.
    static func toast(_ img: RGBAImage) -> Bool {
      let p = img.pixel(200, 244)
      return p.r < 110 && p.g < 110 && p.b < 110
    }

    @Test(X.needed) func aSettingsKeyShowsAToastThatFades() throws {
      let w = try PlayWindow(["--window", "400x300", "--hud", "off"], name: "toast")
      try w.move(5, 5)
      try w.waitForFrame("no toast yet") { !Self.toast($0) && X.ringed($0, 0) }
      try w.key("3")
      try w.waitForFrame("the style toast") { Self.toast($0) }
      // Gone after its 1.5 s, with the views under it drawn again.
      try w.waitForFrame("the toast faded", timeout: 5) { !Self.toast($0) && X.ringed($0, 21) }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }

    @Test(X.needed) func theWindowManagerSeesTheUTF8Title() throws {
      let w = try PlayWindow(["--window", "400x300", "--hud", "off"], name: "title")
      var title = try w.waitForTitle("the title with the view count") { $0.contains("views") }
      #expect(
        title.contains("UTF8_STRING") && title.contains("TickPlayground — 24 views"), "\(title)")
      try w.key("3", "t")
      title = try w.waitForTitle("the title with the new style") { $0.contains("bounce, ease-in") }
      #expect(title.contains("— bounce, ease-in,"), "\(title)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }

    @Test(X.needed) func f12SavesWhatTheWindowShows() throws {
      let dir = Tickplay.temporaryDirectory("f12")
      let w = try PlayWindow(
        ["--window", "400x300", "--select", "checker"], name: "f12",
        environment: ["TICKPLAY_SCREENSHOT_DIR": dir.path])
      try w.move(5, 5)
      // A 400-px window has no room for the panel: the compact strip docks at the bottom.
      let layout = GridLayout(windowWidth: 400, windowHeight: 278, cell: 50, gap: 10)
      let before = try w.waitForFrame("the checkerboard") { img in
        (0..<layout.count).allSatisfy {
          X.checker($0) ? X.filled(img, $0, in: layout) : X.clear(img, $0, in: layout)
        }
      }
      try w.key("F12")
      // The toast naming the file, at the bottom of the 278-px area.
      try w.waitForFrame("the saved toast") { $0.pixel(200, 222).r < 110 }
      let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
        $0.hasPrefix("tickplay-") && $0.hasSuffix(".png")
      }
      #expect(files.count == 1, "\(files)")
      let saved = try RGBAImage(contentsOf: dir.appendingPathComponent(files[0]).path)
      #expect(saved.width == 400 && saved.height == 300)
      // The views and the strip, as the X server showed them before F12.
      for cell in 0..<layout.count {
        let p = X.discPoint(cell, in: layout)
        let (a, b) = (saved.pixel(p.x, p.y), before.pixel(p.x, p.y))
        #expect(
          Looks.near(a, UInt32(b.r) << 16 | UInt32(b.g) << 8 | UInt32(b.b)), "view \(cell)")
      }
      #expect(HUDDockTests.isDock(saved.pixel(395, 295)))
      #expect(w.app.stderr.contains("saved \(dir.path)/tickplay-"), "\(w.app.stderr)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}

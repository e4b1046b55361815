import Foundation
import TestSupport
import Testing
import TickCommandLine
import TickFiles
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// The help, a toast and a refused style file's error, captured in small windows: each
  /// box lies inside the views' area, none cut at an edge, and the first window shows
  /// every view beside the HUD, so that A toggles exactly the views a capture shows.
  @Suite struct OverlaysFitTests {
    typealias X = OnTheXDisplay

    /// The part of a capture a box covers: its first and last dark columns and rows.
    struct Box: Equatable, CustomStringConvertible {
      var minX: Int, minY: Int, maxX: Int, maxY: Int
      var description: String { "x \(minX)–\(maxX), y \(minY)–\(maxY)" }
    }

    /// The dark pixels in `area` of `img` (the boxes are near-black over white views;
    /// rings and the docked HUD are not in it or not dark); nil when there are none.
    static func darkBox(_ img: RGBAImage, _ area: ViewArea) -> Box? {
      var box: Box?
      for y in 0..<min(area.height, img.height) {
        for x in 0..<min(area.width, img.width) {
          let p = img.pixel(x, y)
          guard p.r < 100, p.g < 100, p.b < 100 else { continue }
          guard var b = box else {
            box = Box(minX: x, minY: y, maxX: x, maxY: y)
            continue
          }
          b.minX = min(b.minX, x)
          b.maxX = max(b.maxX, x)
          b.minY = min(b.minY, y)
          b.maxY = max(b.maxY, y)
          box = b
        }
      }
      return box
    }

    /// Whether `box` lies inside `area` with a pixel to spare on every side: a box cut at
    /// an edge would reach it.
    static func inside(_ box: Box, _ area: ViewArea) -> Bool {
      box.minX >= 1 && box.minY >= 1 && box.maxX <= area.width - 2 && box.maxY <= area.height - 2
    }

    /// The views' area of play's window at `size` with the full HUD.
    static func area(_ size: String) throws -> ViewArea {
      let s = Scene(
        options: try LaunchOptions.parse(["--window", size]), softwareRenderer: true)
      return ViewArea(width: s.layout.windowWidth, height: s.layout.windowHeight)
    }

    @Test(X.needed, arguments: ["800x600", "320x240"])
    func theHelpAToastAndAnErrorFitTheWindow(size: String) throws {
      let dir = Tickplay.temporaryDirectory("overlays-\(size)")
      let style = dir.appendingPathComponent("mine.json")
      let stroke = try Tickplay.builtInStyleText("stroke")
      try Data(stroke.utf8).write(to: style)
      let area = try Self.area(size)
      let w = try PlayWindow(["--window", size, "--style", style.path], name: "overlays-\(size)")
      try w.move(1, 1)
      try w.waitForFrame("no box at launch") { Self.darkBox($0, area) == nil }

      // F1: the help's first page, as wide as the area allows, inside it.
      try w.key("F1")
      var seen: Box?
      try w.waitForFrame("the help inside the window") { img in
        seen = Self.darkBox(img, area)
        return seen.map { Self.inside($0, area) && $0.maxX - $0.minX > area.width / 2 } ?? false
      }
      // F1 turns the pages and closes the help after the last.
      var presses = 0
      while presses < 40, try Self.darkBox(w.screenshot(), area) != nil {
        try w.key("F1")
        presses += 1
        _ = try? w.waitForFrame("the page turned", timeout: 2) { Self.darkBox($0, area) != seen }
      }
      try w.waitForFrame("the help closed") { Self.darkBox($0, area) == nil }

      // A toast: a style's name.
      try w.key("2")
      try w.waitForFrame("a toast inside the window") { img in
        Self.darkBox(img, area).map { Self.inside($0, area) } ?? false
      }
      try w.waitForFrame("the toast gone") { Self.darkBox($0, area) == nil }

      // A refused save: the error panel (and its toast), inside the window.
      let bad = stroke.replacingOccurrences(of: #""duration": 0.5"#, with: #""duration": "slow""#)
      #expect(bad != stroke)
      try Data(bad.utf8).write(to: style)
      try w.waitForFrame("the error panel inside the window") { img in
        Self.darkBox(img, area).map { Self.inside($0, area) && $0.maxY - $0.minY > 40 } ?? false
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }

    /// Every view of the first window is wholly beside the HUD, so A toggles exactly the
    /// views a capture shows: as many `--events` lines as filled views on screen.
    @Test(X.needed, arguments: ["1280x800", "800x600"])
    func aTogglesExactlyTheViewsTheFirstWindowShows(size: String) throws {
      let args = ["--window", size]
      let s = Scene(
        options: try LaunchOptions.parse(args), softwareRenderer: true)
      let layout = s.layout
      #expect(layout.showsWhole, "\(size): \(layout)")
      let w = try PlayWindow(args + ["--events"], name: "first-window-\(size)")
      try w.move(layout.windowWidth + 5, 5)
      try w.waitForFrame("every view ringed") { img in
        (0..<layout.count).allSatisfy { X.ringed(img, $0, in: layout) }
      }
      try w.key("a")
      try w.waitForFrame("every view filled") { img in
        (0..<layout.count).allSatisfy { X.filled(img, $0, in: layout) }
      }
      let events = try w.waitForEvents(layout.count)
      #expect(Set(events.map(\.cell)) == Set(0..<layout.count))
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      #expect(w.events.count == layout.count, "no view toggled but those on screen")
    }
  }
}

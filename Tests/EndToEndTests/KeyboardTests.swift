import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// The keyboard in a real window: A toggles every view; Tab and the arrows move the focus
  /// ring (stopping at the grid's edges); Space and Enter toggle the focused view.
  @Suite struct KeyboardTests {
    typealias X = OnTheXDisplay

    @Test(X.needed) func toggleAllThenFocusAndToggle() throws {
      let w = try PlayWindow(
        ["--window", "400x300", "--events", "--hud", "off", "--select", "checker"],
        name: "keyboard")
      try w.move(5, 5)  // off the grid
      try w.waitForFrame("the checkerboard") { img in
        (0..<24).allSatisfy { X.checker($0) ? X.filled(img, $0) : X.clear(img, $0) }
      }

      // A: every view toggles once, each to the other value.
      try w.key("a")
      let all = try w.waitForEvents(24)
      #expect(Set(all.map(\.cell)) == Set(0..<24) && all.count == 24, "\(all)")
      #expect(all.allSatisfy { $0.new == (X.checker($0.cell) ? "off" : "on") }, "\(all)")
      try w.waitForFrame("the inverted checkerboard") { img in
        (0..<24).allSatisfy { X.checker($0) ? X.clear(img, $0) : X.filled(img, $0) }
      }
      try w.key("a")
      _ = try w.waitForEvents(48)

      // Tab focuses view 0; Right, Down: view 7; Space toggles it (on again after two As).
      try w.key("Tab", "Right", "Down", "space")
      let seven = try w.waitForEvents(49).last!
      #expect(seven.cell == 7 && seven.new == "off" && seven.cause == "key", "\(seven)")
      // Left: view 6; Enter toggles it. Up: view 0; Left stops at the edge; Space.
      try w.key("Left", "Return", "Up", "Left", "space")
      let keyed = try w.waitForEvents(51).suffix(2)
      #expect(keyed.map(\.cell) == [6, 0], "\(keyed)")
      #expect(keyed.map(\.new) == ["on", "off"] && keyed.allSatisfy { $0.cause == "key" })

      let img = try w.waitForFrame("views 0 and 7 cleared, 6 set, focus on view 0") { img in
        X.clear(img, 0) && X.clear(img, 7) && X.filled(img, 6) && X.focusPixels(img, 0) > 20
      }
      #expect((1..<24).allSatisfy { X.focusPixels(img, $0) == 0 }, "one focus ring only")
      #expect(
        (1..<24).filter { ![6, 7].contains($0) }.allSatisfy {
          X.checker($0) ? X.filled(img, $0) : X.clear(img, $0)
        }, "the other views keep their values")
      #expect(try w.waitForEvents(51).count == 51)
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}

import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// Drag painting in a real window with real xdotool button and motion events: the view
  /// pressed first toggles, and each view the pointer enters while the left button is down
  /// takes the state it took, once.
  @Suite struct DragPaintTests {
    typealias X = OnTheXDisplay

    @Test(X.needed) func dragAlongARowPaintsEachViewItEnters() throws {
      let w = try PlayWindow(
        ["--window", "400x300", "--events", "--hud", "off"], name: "drag-paint")
      try w.waitForFrame("the first frame") { X.ringed($0, 0) && X.ringed($0, 23) }

      // Press on view 0 and drag right to the middle of view 4, a few pixels at a time:
      // several motion events inside each view and in each gap.
      let y = X.centre(0).y
      try w.xdotool(["mousemove", "--window", w.id, "\(X.centre(0).x)", "\(y)", "mousedown", "1"])
      for x in stride(from: X.centre(0).x + 9, through: X.centre(4).x, by: 9) { try w.move(x, y) }
      try w.xdotool(["mouseup", "1"])
      let painted = try w.waitForEvents(5)
      #expect(painted.map(\.cell) == [0, 1, 2, 3, 4], "\(painted)")
      #expect(painted.allSatisfy { $0.old == "off" && $0.new == "on" && $0.cause == "click" })
      #expect(zip(painted, painted.dropFirst()).allSatisfy { $0.step <= $1.step })

      try w.move(5, 5)  // off the grid: no hover tint on the views checked
      try w.waitForFrame("views 0–4 painted, 5 not") { img in
        (0...4).allSatisfy { X.filled(img, $0) } && [5, 6, 10].allSatisfy { X.clear(img, $0) }
      }

      // Back from view 4 to view 2, released over view 2: view 4, pressed first, clears,
      // then 3 and 2; the release paints nothing more.
      let c4 = X.centre(4)
      try w.xdotool(["mousemove", "--window", w.id, "\(c4.x)", "\(y)", "mousedown", "1"])
      for x in stride(from: c4.x - 9, through: X.centre(2).x, by: -9) { try w.move(x, y) }
      try w.xdotool(["mouseup", "1"])
      let back = try w.waitForEvents(8).dropFirst(5)
      #expect(back.map(\.cell) == [4, 3, 2] && back.allSatisfy { $0.new == "off" }, "\(back)")

      // Moving over row 1 with no button down paints nothing. A key that changes no value
      // (Tab moves the focus ring to view 0) marks the point where the moves are handled.
      for x in stride(from: X.centre(11).x, through: X.centre(6).x, by: -15) {
        try w.move(x, X.centre(6).y)
      }
      try w.move(5, 5)
      try w.key("Tab")
      try w.waitForFrame("views 0 and 1 on, 2–4 off, focus on view 0") { img in
        X.filled(img, 1) && (2...4).allSatisfy { X.clear(img, $0) } && X.focusPixels(img, 0) > 20
      }
      #expect(try w.waitForEvents(8).count == 8, "\(w.app.stdout)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }

    /// Over a checkerboard a paint drag sets the views it enters to the state the pressed
    /// one took, as checkbox lists do: views already in that state stay as they are.
    @Test(X.needed) func paintSetsViewsToThePressedViewsState() throws {
      let w = try PlayWindow(
        ["--window", "400x300", "--events", "--hud", "off", "--select", "checker"],
        name: "drag-paint-state")
      try w.move(5, 5)
      try w.waitForFrame("the checkerboard") { img in
        (0..<24).allSatisfy { X.checker($0) ? X.filled(img, $0) : X.clear(img, $0) }
      }
      // From view 0 (on → off) across 1 (off), 2 (on → off), 3 (off) to 4 (on → off).
      let y = X.centre(0).y
      try w.xdotool(["mousemove", "--window", w.id, "\(X.centre(0).x)", "\(y)", "mousedown", "1"])
      for x in stride(from: X.centre(0).x + 9, through: X.centre(4).x, by: 9) { try w.move(x, y) }
      try w.xdotool(["mouseup", "1"])
      try w.move(5, 5)
      try w.key("Tab")  // changes no value: marks where the moves have been handled
      try w.waitForFrame("views 1–4 off, 5–11 as they were") { img in
        (1...4).allSatisfy { X.clear(img, $0) } && X.focusPixels(img, 0) > 20
          && (5..<12).allSatisfy { X.checker($0) ? X.filled(img, $0) : X.clear(img, $0) }
      }
      let painted = try w.waitForEvents(3)
      #expect(painted.map(\.cell) == [0, 2, 4], "\(painted)")
      #expect(painted.allSatisfy { $0.old == "on" && $0.new == "off" })
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}

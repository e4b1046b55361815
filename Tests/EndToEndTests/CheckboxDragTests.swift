import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// Checkbox semantics in a real window, with xdotool's button and motion events: a drag
  /// sets the pressed view and every view it reaches to the state the pressed view takes,
  /// and radio groups keep their rules under A, C and a drag, with one `--events` line per
  /// real change.
  @Suite struct CheckboxDragTests {
    typealias X = OnTheXDisplay

    /// Presses on `from`'s centre, moves to `to`'s centre a few pixels at a time, releases.
    static func drag(_ w: PlayWindow, from: Int, to: Int) throws {
      let (a, b) = (X.centre(from), X.centre(to))
      try w.xdotool(["mousemove", "--window", w.id, "\(a.x)", "\(a.y)", "mousedown", "1"])
      let step = b.x >= a.x ? 9 : -9
      for x in stride(from: a.x + step, through: b.x, by: step) { try w.move(x, b.y) }
      try w.xdotool(["mouseup", "1"])
      try w.move(5, 5)  // off the grid: no hover tint on the views checked
    }

    @Test(X.needed) func aDragOntoTheNeighbourSetsThePressedViewToo() throws {
      let w = try PlayWindow(
        ["--window", "400x300", "--events", "--hud", "off"], name: "drag-pressed")
      try w.waitForFrame("the first frame") { X.ringed($0, 7) && X.ringed($0, 8) }
      try Self.drag(w, from: 7, to: 8)
      let on = try w.waitForEvents(2)
      #expect(on.map(\.cell) == [7, 8] && on.allSatisfy { $0.new == "on" }, "\(on)")
      try w.waitForFrame("views 7 and 8 on, 6 and 9 not") { img in
        X.filled(img, 7) && X.filled(img, 8) && X.clear(img, 6) && X.clear(img, 9)
      }
      // Back from 8 to 7: the pressed view goes off, and the view reached follows it.
      try Self.drag(w, from: 8, to: 7)
      let off = try w.waitForEvents(4).dropFirst(2)
      #expect(off.map(\.cell) == [8, 7] && off.allSatisfy { $0.new == "off" }, "\(off)")
      try w.waitForFrame("views 7 and 8 off") { X.clear($0, 7) && X.clear($0, 8) }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      #expect(try w.waitForEvents(4).count == 4, "\(w.app.stdout)")
    }

    /// Views 0–3 are a radio group and 6–8 one that keeps one selected (6 at the start).
    @Test(X.needed) func groupRulesHoldUnderAAndCAndADrag() throws {
      let w = try PlayWindow(
        [
          "--window", "400x300", "--events", "--hud", "off", "--group", "0,0,4x1", "--group",
          "0,1,3x1,keep",
        ], name: "drag-groups")
      try w.move(5, 5)
      try w.waitForFrame("view 6 on") { img in
        X.filled(img, 6) && (0..<24).allSatisfy { $0 == 6 || X.clear(img, $0) }
      }
      // A: the 17 views outside groups turn on, and in each group the last view to turn
      // on stays on (3, and 8 in place of 6): 20 changes, one line each.
      try w.key("a")
      let all = try w.waitForEvents(20)
      let onAfterA = Set(0..<24).subtracting([0, 1, 2, 6, 7])
      try w.key("Tab")  // changes no value: marks where A has been handled
      try w.waitForFrame("A applied") { img in
        X.focusPixels(img, 0) > 20
          && (1..<24).allSatisfy { onAfterA.contains($0) ? X.filled(img, $0) : X.clear(img, $0) }
      }
      #expect(try w.waitForEvents(20).count == 20, "\(w.app.stdout)")
      #expect(Set(all.map(\.cell)).count == 20 && Set(all.map(\.cell)) == onAfterA.union([6]))
      // C: every view off but the keep group's 8: 18 changes.
      try w.key("c")
      let cleared = try w.waitForEvents(38).dropFirst(20)
      #expect(Set(cleared.map(\.cell)) == onAfterA.subtracting([8]), "\(cleared)")
      // A drag inside the plain group, from 1 to 3: 1 turns on, then 2, then 3; only 3
      // stays on, and 1 never flickers (one change each for 2 and 3, none for 1).
      try Self.drag(w, from: 1, to: 3)
      try w.waitForFrame("view 3 on, 8 still on") { img in
        X.filled(img, 3) && X.filled(img, 8) && [0, 1, 2, 6, 7].allSatisfy { X.clear(img, $0) }
      }
      let dragged = try w.waitForEvents(41).dropFirst(38)
      #expect(dragged.map(\.cell) == [2, 3, 2], "\(dragged)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}

extension OnTheXDisplay.CheckboxDragTests {
  /// A replayed session keeps the group rules as a live one does: A and C from a script
  /// give one `--events` line per view they change.
  @Test(OnTheXDisplay.needed) func aReplayKeepsTheGroupRules() throws {
    let dir = Tickplay.temporaryDirectory("replay-groups")
    let script = dir.appendingPathComponent("script.txt")
    try "0.1 key a\n0.2 key c\n0.3 quit\n".write(to: script, atomically: true, encoding: .utf8)
    let r = try Tickplay.run(
      [
        "play", "--window", "400x300", "--hud", "off", "--events", "--group", "0,0,4x1",
        "--group", "0,1,3x1,keep", "--replay", script.path,
      ], environment: ["SDL_VIDEODRIVER": "x11"])
    #expect(r.status == 0, "\(r.stderr)")
    let cells = r.stdout.split(separator: "\n").compactMap { line -> Int? in
      guard let c = line.range(of: #""cell":\d+"#, options: .regularExpression) else {
        return nil
      }
      return Int(line[c].dropFirst(7))
    }
    // A: 17 views outside groups on, 3 on in the first group, 6 off and 8 on in the keep
    // group; C: all off but 8, the keep group's one.
    #expect(cells.count == 38, "\(r.stdout)")
    #expect(Set(cells.prefix(20)).count == 20 && Set(cells.dropFirst(20)).count == 18)
    #expect(!cells.dropFirst(20).contains(8))
  }
}

import Testing
import TickAnimation
import TickApp
import TickCommandLine
import TickFrame
import TickGeometry
import TickScene

/// Stepping back through play's history (`StepHistory`): a step reached back, or forward
/// again through the journal, has exactly the timeline — and draws exactly the pixels — it
/// had when first reached; inputs while paused are part of it; changing the past drops
/// the future; the memory stays within its bound.
@Suite struct StepHistoryTests {
  /// Play's session as far as the history sees it: the scene, the controls, the clock, the
  /// history, and the one fixed step (the stress drivers, then the scene), as `Session`.
  struct Player {
    var scene: Scene
    var controls: Controls
    var clock: FixedStepClock
    var history: StepHistory

    init(scene: Scene, rain: Double?, interval: Int64? = nil, horizon: Int64? = nil) {
      self.scene = scene
      controls = Controls(seed: 7, rain: rain)
      clock = FixedStepClock(hz: scene.hz)
      history = StepHistory(
        scene: scene, stress: controls.stress, interval: interval, horizon: horizon)
    }

    static func step(_ scene: inout Scene, _ controls: inout Controls) {
      controls.stress.step(&scene)
      scene.advance(steps: 1)
    }

    mutating func step() {
      let events = scene.events.count
      Self.step(&scene, &controls)
      history.stepped(&scene, &controls, eventsBefore: events)
    }

    @discardableResult
    mutating func click(_ cell: Int) -> Bool {
      let r = scene.layout.rect(of: cell)
      let x = Float(r.x + r.width / 2)
      let y = Float(r.y + r.height / 2)
      let a = history.handle(.press(x: x, y: y, button: .left), cause: .click, scene: &scene)
      let b = history.handle(.release(x: x, y: y, button: .left), cause: .click, scene: &scene)
      return a || b
    }

    /// A drag from `a` to `b` along the row, a paint.
    mutating func drag(_ a: Int, _ b: Int) {
      func centre(_ c: Int) -> (Float, Float) {
        let r = scene.layout.rect(of: c)
        return (Float(r.x + r.width / 2), Float(r.y + r.height / 2))
      }
      let (x0, y0) = centre(a)
      let (x1, y1) = centre(b)
      _ = history.handle(.press(x: x0, y: y0, button: .left), cause: .click, scene: &scene)
      _ = history.handle(.move(x: x1, y: y1), cause: .click, scene: &scene)
      _ = history.handle(.release(x: x1, y: y1, button: .left), cause: .click, scene: &scene)
    }

    @discardableResult
    mutating func key(_ name: String) -> Bool {
      let command = KeyCommand(key: name)!
      return history.apply(
        command, cause: .key, scene: &scene, controls: &controls, clock: &clock)
    }

    mutating func back(_ n: Int) -> StepHistory.StepBack {
      history.stepBack(n, scene: &scene, controls: &controls, step: Self.step)
    }
  }

  /// A 12×8 grid with two radio groups (one keeps its view), reversing deselects (a click
  /// on an animating view interrupts it) and rain, driven for `steps` steps by seeded
  /// clicks, drags, keys and a style reload. Returns the player and the state at each step
  /// (after that step's actions).
  static func drive(
    steps: Int, interval: Int64? = nil, horizon: Int64? = nil, seed: UInt64,
    waitAboveBytes: Int? = nil
  ) -> (Player, [Scene]) {
    var s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 20, gap: 4))
    s.setDeselect(.reverse)
    s.addGroup(RadioGroup(column: 0, row: 0, columns: 3, rows: 1, keepOne: true))
    s.addGroup(RadioGroup(column: 4, row: 2, columns: 2, rows: 2))
    s.applyInitialSelection(.random(0.3), animate: true, seed: seed)
    var p = Player(scene: s, rain: 40, interval: interval, horizon: horizon)
    if let waitAboveBytes { p.history.waitAboveBytes = waitAboveBytes }
    var rng = SplitMix64(seed: seed)
    var states = [p.scene]
    let keys = ["a", "k", "c", "t", "d", "w", "r", "]", "3", "space", "x"]
    for _ in 0..<steps {
      p.step()
      switch rng.next() % 16 {
      case 0, 1, 2: p.click(Int(rng.next() % UInt64(p.scene.count)))
      case 3: p.drag(Int(rng.next() % 20), Int(rng.next() % 20) + 20)
      case 4:
        _ = p.history.apply(
          .scene(.focusNext), cause: .key, scene: &p.scene, controls: &p.controls,
          clock: &p.clock)
        p.key(keys[Int(rng.next() % UInt64(keys.count))])
      case 5 where rng.next() % 8 == 0:
        var style = p.scene.style
        style.duration = style.duration == 0.5 ? 0.3 : 0.5
        _ = p.history.setStyle(style, scene: &p.scene)
      default: break
      }
      states.append(p.scene)
    }
    return (p, states)
  }

  /// Every step back, one at a time and a tenth of a second at a time, reaches the
  /// timeline the step had forward; stepping forward again through the journal does too.
  @Test(arguments: [UInt64(1), 2, 3])
  func steppingBackAndForwardReachesTheSameTimeline(seed: UInt64) {
    let steps = 420
    var (p, states) = Self.drive(steps: steps, interval: 50, seed: seed)
    let reported = p.scene.events.count
    let interrupted = states.contains { s in
      (0..<s.count).contains { s.isAnimating($0) && s.state($0) == .off }
    }
    #expect(interrupted, "the run should reverse animations")
    for s in stride(from: steps - 1, through: 0, by: -1) {
      let moved = p.back(1)
      #expect(moved == .moved(from: Int64(s + 1), to: Int64(s)))
      #expect(p.scene.sameTimeline(as: states[s]), "stepped back to \(s)")
    }
    let atStart = p.back(1)
    #expect(atStart == .atStart(0))
    for s in 1...steps {
      p.step()
      #expect(p.scene.sameTimeline(as: states[s]), "stepped forward to \(s)")
    }
    let tenth = Controls.tenth(hz: p.scene.hz)
    #expect(tenth == 12)
    var at = steps
    while at >= tenth {
      _ = p.back(tenth)
      at -= tenth
      #expect(p.scene.sameTimeline(as: states[at]), "a tenth back to \(at)")
    }
    #expect(p.scene.events.count == reported, "stepping reports no change again")
  }

  /// A frame stepped back to draws exactly the pixels of the same frame reached forward:
  /// the whole frame built by the frame builder and drawn by the CPU rasteriser.
  @Test func aFrameSteppedBackToIsPixelIdentical() {
    var (p, states) = Self.drive(steps: 240, interval: 60, seed: 9)
    var differing = 0
    for s in [239, 200, 151, 150, 97, 30, 1] {
      _ = p.back(Int(p.scene.step) - s)
      var forward = states[s]
      forward.setPointer(p.scene.pointer)
      let a = Self.pixels(p.scene)
      let b = Self.pixels(forward)
      #expect(a.count == 400 * 300)
      if a != b { differing += 1 }
    }
    #expect(differing == 0)
    #expect(Set(Self.pixels(states[0])) != Set(Self.pixels(states[120])), "frames differ")
  }

  /// `scene` drawn from scratch at its step, as ARGB pixels.
  static func pixels(_ scene: Scene) -> [UInt32] {
    var builder = FrameBuilder()
    var list = DrawList()
    builder.build(
      scene, changes: SceneChanges(), full: true, present: Double(scene.step), into: &list)
    let w = scene.windowWidth
    let h = scene.windowHeight
    var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: w * h)
    Rasterizer.draw(
      list.mesh, into: &pixels, width: w, clip: PixelRect(x: 0, y: 0, width: w, height: h))
    return pixels
  }

  /// A click while paused is part of the history: stepping back past it and forward again
  /// passes through it. Clicking after stepping back drops the future (an editor's undo).
  @Test func inputWhilePausedIsKeptAndChangingThePastDropsTheFuture() {
    var (p, _) = Self.drive(steps: 100, seed: 4)
    // Paused at 100: a click, then a step on.
    let droppedAtHead = p.click(50)
    #expect(!droppedAtHead)
    let clicked = p.scene
    p.step()
    let after = p.scene
    _ = p.back(1)
    #expect(p.scene.sameTimeline(as: clicked), "the click is in the state at its step")
    _ = p.back(5)
    p.step()
    for _ in 0..<4 { p.step() }
    #expect(p.scene.sameTimeline(as: clicked))
    p.step()
    #expect(p.scene.sameTimeline(as: after), "forward again through the click")
    #expect(p.history.head == 101)

    // Back to 95 and a click there: the future after 95 is gone.
    _ = p.back(6)
    #expect(p.history.isBehind(p.scene))
    let dropped = p.click(51)
    #expect(dropped, "it drops the future")
    #expect(p.history.head == 95 && !p.history.isBehind(p.scene))
    let branched = p.scene
    #expect(!branched.sameTimeline(as: clicked))
    for _ in 0..<6 { p.step() }
    #expect(p.scene.state(50) == states(before: p, cell: 50), "the old click is not replayed")
    _ = p.back(6)
    #expect(p.scene.sameTimeline(as: branched))
  }

  /// Issue 39: click view 0, step back past the click, click view 1. The value changes
  /// reported, folded in order, give the values on screen: the undone click is reported
  /// (cause `history`) before the new one.
  @Test func foldingTheReportedChangesGivesTheValuesOnScreen() {
    var p = Player(scene: Scene(options: Self.plainOptions, softwareRenderer: false), rain: nil)
    var values = [ViewState](repeating: .off, count: p.scene.count)
    var reported: [ValueChange] = []
    func take() {
      let changes = p.scene.drainEvents()
      for c in changes { values[c.cell] = c.new }
      reported += changes
    }
    for _ in 0..<10 { p.step() }
    p.click(0)
    take()
    for _ in 0..<10 { p.step() }
    take()
    #expect(values[0] == .on)
    _ = p.back(15)
    take()
    #expect(p.scene.state(0) == .off, "stepped back past the click")
    #expect(values[0] == .on, "nothing reported yet: the history may still go forward")
    p.click(1)
    take()
    for c in 0..<p.scene.count {
      #expect(values[c] == p.scene.state(c), "view \(c)")
    }
    let undone = reported.filter { $0.cause == .history }
    #expect(undone.count == 1 && undone.first?.cell == 0 && undone.first?.new == .off)
    #expect(reported.last?.cell == 1 && reported.last?.cause == .click)
  }

  /// A scene that only counts its events counts, when an action drops the future, as many
  /// changes back as a scene that lists them lists (`Scene.changeCount`): A, a click that
  /// turns one view back, X on another (mixed: the high bit of its two), then, stepped
  /// back past them, a click.
  @Test func countedEventsCountWhatListedOnesList() {
    func pendingAfterDroppingTheFuture(_ keeping: EventKeeping) -> (pending: Int, views: Int) {
      var p = Player(scene: Scene(options: Self.plainOptions, softwareRenderer: false), rain: nil)
      p.scene.keepEvents(keeping)
      for _ in 0..<10 { p.step() }
      _ = p.key("a")
      for _ in 0..<10 { p.step() }
      p.click(3)
      p.key("tab")
      p.key("x")
      #expect(p.scene.state(0) == .mixed, "view 0 focused and set to mixed")
      for _ in 0..<10 { p.step() }
      p.scene.discardEvents()
      _ = p.back(25)
      p.click(1)
      return (p.scene.pendingEventCount, p.scene.count)
    }
    let listed = pendingAfterDroppingTheFuture(.listed)
    // Every view but 3 undone back to off (0 from mixed), and the click's own change.
    #expect(listed.pending == listed.views)
    #expect(pendingAfterDroppingTheFuture(.counted).pending == listed.pending)
  }

  /// A small grid, instant deselects, nothing selected.
  static var plainOptions: LaunchOptions {
    var o = LaunchOptions()
    (o.windowWidth, o.windowHeight, o.cell, o.gap) = (400, 200, 40, 10)
    return o
  }

  /// The state cell `cell` has at 95 + 6 steps with no click on it after 95: the branch.
  private func states(before p: Player, cell: Int) -> ViewState {
    var q = p
    _ = q.back(6)
    for _ in 0..<6 { q.step() }
    return q.scene.state(cell)
  }

  /// Moving the view (a wheel zoom, hover) behind the head drops nothing, and stays.
  @Test func theViewIsNotPartOfTheTimeline() {
    var (p, states) = Self.drive(steps: 60, seed: 5)
    _ = p.back(10)
    let zoomDropped = p.history.handle(
      .wheel(x: 100, y: 100, dy: 1), cause: .click, scene: &p.scene)
    let hoverDropped = p.history.handle(.move(x: 30, y: 30), cause: .click, scene: &p.scene)
    #expect(!zoomDropped && !hoverDropped)
    let zoomed = p.scene.layout
    #expect(zoomed != states[50].layout)
    _ = p.back(10)
    #expect(p.scene.layout == zoomed && p.history.head == 60)
    #expect(p.scene.sameTimeline(as: states[40]))
    for _ in 0..<20 { p.step() }
    #expect(p.scene.sameTimeline(as: states[60]))
  }

  /// The history reaches back its horizon and no further, keeping at most
  /// `checkpointLimit` checkpoints, and says so when it runs out.
  @Test func itReachesBackItsHorizonAndSaysWhenItRunsOut() {
    var (p, states) = Self.drive(steps: 300, interval: 20, horizon: 100, seed: 6)
    #expect(p.history.checkpointCount <= p.history.checkpointLimit)
    #expect(p.history.oldestStep <= 200 && p.history.oldestStep > 180)
    let oldest = Int(p.history.oldestStep)
    let result = p.back(1000)
    #expect(result == .moved(from: 300, to: Int64(oldest)))
    #expect(p.scene.sameTimeline(as: states[oldest]))
    #expect(p.history.feedback(result, scene: p.scene).hasSuffix("the oldest kept"))
    let out = p.back(1)
    #expect(out == .atStart(Int64(oldest)))
    #expect(p.history.feedback(out, scene: p.scene).contains("no history before it"))
    #expect(
      p.history.position(of: p.scene)
        == "step \(oldest) (\u{2212}\(String(format2: Double(300 - oldest) / 120)) s)")
  }

  /// Checkpoints that wait for their storage (all of them, with no fresh storage taken at
  /// once) come late, by however long a spare takes on another thread, at most an
  /// interval: the history still reaches back its horizon, and every step back reaches the
  /// timeline the step had.
  @Test func checkpointsWaitingForStorageKeepTheTimeline() {
    var (p, states) = Self.drive(steps: 300, interval: 20, horizon: 100, seed: 4, waitAboveBytes: 0)
    #expect(p.history.oldestStep <= 200, "reaches back its horizon")
    // However late each comes (at most an interval), checkpoints are under two intervals
    // apart: two at least within the horizon's 100 steps, and the one at or before it.
    #expect(p.history.checkpointCount >= 3)
    let oldest = Int(p.history.oldestStep)
    var at = 300
    while at - 9 >= oldest {
      _ = p.back(9)
      at -= 9
      #expect(p.scene.sameTimeline(as: states[at]), "back to \(at)")
    }
  }

  /// Memory: with 100,000 views animating for 20 s of steps (a restart as each finishes),
  /// the history holds at most `checkpointLimit` checkpoints, each within the documented
  /// bound: a quarter byte a view, 16 bytes an animating view and the wheel's 4 bytes an
  /// entry, plus 64 KB for the fixed parts.
  @Test func historyMemoryStaysWithinItsBound() {
    let side = 400  // 160,000 views, 100,000 animating
    var s = Scene(
      layout: GridLayout(
        windowWidth: 800, windowHeight: 600, cell: 4, gap: 0, columns: side, rows: side))
    s.setDeselect(.animate)
    for c in 0..<100_000 { s.toggle(c, cause: .stress) }
    var controls = Controls(seed: 1, rain: nil)
    var history = StepHistory(scene: s, stress: controls.stress)
    let animating = 100_000
    let perCheckpoint = s.count / 4 + animating * 16 + animating * 4 * 2 + 65_536
    var most = 0
    for _ in 0..<(20 * s.hz) {
      let events = s.events.count
      s.advance(steps: 1, togglingFinished: 1, cause: .stress)
      history.stepped(&s, &controls, eventsBefore: events)
      _ = s.drainEvents()
      most = max(most, history.byteCount)
    }
    #expect(s.animatingCount == animating)
    #expect(history.checkpointCount == history.checkpointLimit)
    #expect(most <= history.checkpointLimit * perCheckpoint, "\(most) bytes")
    #expect(most < 40 << 20, "under 40 MB")
  }

  /// Shift with `.` or `,` has a name of its own (so it does not step once), and steps a
  /// tenth of a second at the scene's own step rate.
  @Test func shiftStepsATenthOfASecondAtTheScenesRate() {
    #expect(InputEvent.keyPress(".", modifiers: .shift) == .key("shift+."))
    #expect(InputEvent.keyPress(",", modifiers: .shift) == .key("shift+,"))
    #expect(KeyCommand(key: "shift+.") == .stepTenth && KeyCommand(key: ",") == .stepBack)
    #expect(KeyCommand(key: "shift+,") == .stepBackTenth)
    for hz in [60, 120, 240] {
      var scene = Scene(
        layout: GridLayout(windowWidth: 100, windowHeight: 100, cell: 20, gap: 4), hz: hz)
      var controls = Controls(seed: 1, rain: nil)
      var clock = FixedStepClock(hz: hz)
      controls.paused = true
      controls.apply(.stepTenth, scene: &scene, clock: &clock)
      #expect(controls.stepNow == hz / 10, "at \(hz) Hz")
    }
  }
}

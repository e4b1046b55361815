import Testing
import TickScene

@Suite struct SceneTests {
  func makeScene() -> Scene {
    Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10), hz: 120)
  }

  /// A left click (press and release) at the centre of `cell`.
  func click(_ scene: inout Scene, _ cell: Int) {
    let r = scene.layout.rect(of: cell)
    scene.handle(.press(x: Float(r.x) + 25, y: Float(r.y) + 25, button: .left))
    scene.handle(.release(x: Float(r.x) + 25, y: Float(r.y) + 25, button: .left))
  }

  @Test func clickSelectsAndAnimatesTheTickLinearly() {
    var s = makeScene()
    s.advance(steps: 7)
    click(&s, 3)
    #expect(s.isSelected(3) && s.isAnimating(3))
    #expect(s.look(3, atStep: 7)[.markEnd] == 0)
    #expect(s.look(3, atStep: 7)[.fillAlpha] == 1)  // the fill appears at once
    #expect(s.look(3, atStep: 22)[.markEnd] == 0.25)
    #expect(s.look(3, atStep: 37)[.markEnd] == 0.5)
    s.advance(steps: 59)
    #expect(s.isAnimating(3))
    s.advance(steps: 1)
    #expect(!s.isAnimating(3) && s.isSelected(3))
    #expect(s.look(3, atStep: 1000)[.markEnd] == 1)
    #expect(s.animatingCount == 0)
  }

  @Test func clickOnSelectedClearsAtOnce() {
    var s = makeScene()
    s.applyInitialSelection(.all, animate: false)
    click(&s, 0)
    #expect(!s.isSelected(0) && !s.isAnimating(0))
    #expect(s.look(0, atStep: 0) == AnimationStyle.stroke.look(.off))
  }

  @Test func clickMidAnimationClearsAndTheNextClickStartsFromZero() {
    var s = makeScene()
    click(&s, 5)
    s.advance(steps: 20)
    click(&s, 5)
    #expect(!s.isSelected(5) && !s.isAnimating(5))
    s.advance(steps: 3)
    click(&s, 5)
    #expect(s.isAnimating(5))
    #expect(s.look(5, atStep: Double(s.step))[.markEnd] == 0)
    #expect(abs(s.look(5, atStep: Double(s.step) + 6)[.markEnd] - 0.1) < 1e-6)
  }

  @Test func eventsFireOncePerRealChange() {
    var s = makeScene()
    click(&s, 2)
    s.setSelected(2, true, cause: .script)  // same value: nothing
    s.advance(steps: 4)
    click(&s, 2)
    let r = s.layout.rect(of: 0)
    s.handle(.press(x: Float(r.x) + 55, y: Float(r.y) + 5, button: .left))  // in a gap
    s.handle(.release(x: Float(r.x) + 55, y: Float(r.y) + 5, button: .left))
    s.handle(.press(x: Float(r.x) + 5, y: Float(r.y) + 5, button: .right))  // not a click
    s.handle(.release(x: Float(r.x) + 5, y: Float(r.y) + 5, button: .right))
    let events = s.drainEvents()
    #expect(events.count == 2)
    #expect(
      events[0]
        == ValueChange(
          cell: 2, column: 2, row: 0, old: .off, new: .on,
          cause: .click, step: 0))
    #expect(events[1].old == .on && events[1].new == .off && events[1].step == 4)
    #expect(s.drainEvents().isEmpty)
  }

  @Test func steppingFollowsTheAnimatingViewsOnly() {
    var s = makeScene()
    s.applyInitialSelection(.checker, animate: true)
    let animating = (0..<s.count).filter { s.isSelected($0) }
    #expect(s.animatingCount == animating.count)
    var seen: [Int] = []
    s.forEachAnimating { seen.append($0) }
    #expect(Set(seen) == Set(animating))
    s.toggle(0, cause: .key)  // stop one from the middle of the active list
    #expect(s.animatingCount == animating.count - 1)
    #expect(!s.isAnimating(0) && s.isAnimating(animating.last!))
    s.advance(steps: 60)
    #expect(s.animatingCount == 0)
  }

  @Test func randomSelectionIsSeeded() {
    var a = makeScene()
    var b = makeScene()
    var c = makeScene()
    a.applyInitialSelection(.random(0.5), animate: false, seed: 7)
    b.applyInitialSelection(.random(0.5), animate: false, seed: 7)
    c.applyInitialSelection(.random(0.5), animate: false, seed: 8)
    let pick = { (s: Scene) in (0..<s.count).map { s.isSelected($0) } }
    #expect(pick(a) == pick(b))
    #expect(pick(a) != pick(c))
    #expect(pick(a).contains(true) && pick(a).contains(false))
  }
}

@Suite struct SceneScaleTests {
  @Test func aMillionViewsFitAndStepWorkFollowsWhatFinishes() {
    var s = Scene(
      layout: GridLayout(
        windowWidth: 1280, windowHeight: 800, cell: 50, gap: 10, columns: 1000, rows: 1000))
    #expect(s.count == 1_000_000)
    // A view's record (state, dirty flag, animation) in 12 bytes; a running fresh
    // animation adds its 4-byte completion-wheel entry.
    #expect(Scene.bytesPerIdleView <= 12)
    #expect(Scene.bytesPerAnimation <= 16)
    for c in stride(from: 0, to: 1_000_000, by: 100_000) { s.toggle(c, cause: .script) }
    var steps = 0
    while s.animatingCount > 0 {
      s.advance(steps: 1)
      steps += 1
    }
    #expect(steps == 60)
    // Ten animations, each visited once, on the step it finished: the work never looked at
    // the other 999,990 views, nor at the ten on the 59 steps they ran on.
    #expect(s.stepWork == 10)
    s.advance(steps: 1000)
    #expect(s.stepWork == 10)
  }

  /// However many views animate, a step on which none finishes visits nothing; the step on
  /// which they all finish visits each once.
  @Test(arguments: [1_000, 1_000_000])
  func aStepWithNoneFinishingVisitsNothing(views: Int) {
    var s = Scene(
      layout: GridLayout(
        windowWidth: 1280, windowHeight: 800, cell: 50, gap: 10, columns: 1000,
        rows: views / 1000))
    s.applyInitialSelection(.all, animate: true)
    #expect(s.animatingCount == views)
    for _ in 1..<s.durationSteps {
      s.advance(steps: 1)
      #expect(s.stepWork == 0)
    }
    #expect(s.animatingCount == views)
    s.advance(steps: 1)
    #expect(s.animatingCount == 0 && s.stepWork == views && s.finished.count == views)
  }

  @Test func anIdleSceneDrawsNothing() {
    var s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
    var b = FrameBuilder()
    var list = DrawList()
    b.build(scene: &s, present: 0, into: &list)
    for k in 1...10 {
      s.advance(steps: 1)
      b.build(scene: &s, present: Double(k), into: &list)
      #expect(list.isEmpty)
    }
  }
}

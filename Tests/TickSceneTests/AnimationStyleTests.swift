import Testing
import TickAnimation

@testable import TickScene

@Suite struct AnimationStyleTests {
  func maxDifference(_ a: Look, _ b: Look) -> Float {
    Look.Property.allCases.map { abs(a[$0] - b[$0]) }.max() ?? 0
  }

  @Test(arguments: AnimationStyle.allCases)
  func transitionsEndOnTheSettledLooks(style: AnimationStyle) {
    let r = ResolvedStyle(style)
    for (from, to) in [
      (ViewState.off, ViewState.on), (.off, .mixed), (.mixed, .on), (.on, .mixed),
    ] {
      let end = r.enter.look(from: r.look(from), to: r.look(to), at: 1, user: .linear)
      #expect(maxDifference(end, r.look(to)) < 1e-5, "\(style) \(from)→\(to)")
    }
    for timing in [r.exit, r.reverse] {
      let end = timing.look(from: r.look(.on), to: r.look(.off), at: 1, user: .easeInEaseOut)
      #expect(maxDifference(end, r.look(.off)) < 1e-5, "\(style) on→off")
    }
  }

  @Test(arguments: AnimationStyle.allCases)
  func everyLookStaysFinite(style: AnimationStyle) {
    let r = ResolvedStyle(style)
    for i in 0...100 {
      let u = Float(i) / 100
      for t in [r.enter, r.exit, r.reverse] {
        #expect(t.look(from: r.look(.off), to: r.look(.on), at: u, user: .linear).isFinite)
      }
    }
  }

  /// Interrupting at 50 points along the on animation, in every deselect mode that
  /// animates, never makes the presented look jump; nor does re-selecting mid-way out.
  @Test(arguments: AnimationStyle.allCases.filter { $0 != .none })
  func interruptionsAreContinuous(style: AnimationStyle) {
    for deselect in [DeselectMode.reverse, .animate] {
      var base = TickStyle()
      base.animation = style
      base.deselect = deselect
      base.timing = .easeInEaseOut
      for k in 1...50 {
        var s = Scene(
          layout: GridLayout(windowWidth: 60, windowHeight: 60, cell: 50, gap: 10), style: base)
        s.toggle(0, cause: .click)
        s.advance(steps: k)  // 60 steps in all: k in 1…50 is mid-way
        let before = s.look(0, atStep: Double(s.step))
        s.toggle(0, cause: .click)
        let after = s.look(0, atStep: Double(s.step))
        #expect(
          maxDifference(before, after) < 1e-5, "\(style) \(deselect) off at step \(k)")
        s.advance(steps: max(1, k / 2))
        // Re-selecting while the off animation runs is an interruption too. (Once it has
        // settled, a fresh on animation may jump by design: the seed's fill appears at once.)
        let stillRunning = s.isAnimating(0)
        let before2 = s.look(0, atStep: Double(s.step))
        s.toggle(0, cause: .click)
        let after2 = s.look(0, atStep: Double(s.step))
        if stillRunning {
          #expect(
            maxDifference(before2, after2) < 1e-5,
            "\(style) \(deselect) on again at step \(k)")
        }
        // And it still arrives at the settled on look.
        s.advance(steps: 200)
        #expect(maxDifference(s.look(0, atStep: Double(s.step)), style.look(.on)) < 1e-5)
      }
    }
  }

  @Test func reverseTakesAsLongAsTheOnAnimationHadRun() {
    var base = TickStyle()
    base.deselect = .reverse
    var s = Scene(
      layout: GridLayout(windowWidth: 60, windowHeight: 60, cell: 50, gap: 10), style: base)
    s.toggle(0, cause: .click)
    s.advance(steps: 24)  // markEnd 0.4
    s.toggle(0, cause: .click)
    s.advance(steps: 12)
    #expect(abs(s.look(0, atStep: Double(s.step))[.markEnd] - 0.2) < 1e-5)
    s.advance(steps: 12)
    #expect(!s.isAnimating(0))
    #expect(s.look(0, atStep: Double(s.step)) == AnimationStyle.stroke.look(.off))
  }

  @Test func noneStyleIsInstant() {
    var base = TickStyle()
    base.animation = .none
    var s = Scene(
      layout: GridLayout(windowWidth: 60, windowHeight: 60, cell: 50, gap: 10), style: base)
    s.toggle(0, cause: .click)
    #expect(!s.isAnimating(0) && s.look(0, atStep: 0) == AnimationStyle.none.look(.on))
  }

}

@Suite struct SpringContinuityTests {
  /// Per-step change of `p` just before and just after step `s`.
  func velocities(_ scene: Scene, _ p: Look.Property, around s: Int64) -> (Float, Float) {
    let a = scene.look(0, atStep: Double(s - 1))[p]
    let b = scene.look(0, atStep: Double(s))[p]
    let c = scene.look(0, atStep: Double(s + 1))[p]
    return (b - a, c - b)
  }

  @Test func aSpringTakesOverTheVelocityOfTheMotionItInterrupts() {
    var style = TickStyle()
    style.animation = .bounce
    style.deselect = .animate
    // One step of motion: the largest change of per-step velocity in an uninterrupted
    // bounce, where the spring pulls hardest.
    var fresh = Scene(
      layout: GridLayout(windowWidth: 60, windowHeight: 60, cell: 50, gap: 10), style: style)
    fresh.toggle(0, cause: .click)
    var oneStep: Float = 0
    for i in 1..<60 {
      let (a, b) = velocities(fresh, .fillScale, around: Int64(i))
      oneStep = max(oneStep, abs(b - a))
    }
    #expect(oneStep > 0)
    for k in [3, 6, 10, 20, 30] {
      var s = Scene(
        layout: GridLayout(windowWidth: 60, windowHeight: 60, cell: 50, gap: 10), style: style)
      s.toggle(0, cause: .click)
      s.advance(steps: 40)
      s.toggle(0, cause: .click)  // the box shrinks, speeding up (ease-in)
      s.advance(steps: k)
      let before = s.look(0, atStep: Double(s.step))[.fillScale]
      let vIn = before - s.look(0, atStep: Double(s.step - 1))[.fillScale]
      s.toggle(0, cause: .click)  // the spring takes over, still shrinking at first
      let vOut = s.look(0, atStep: Double(s.step + 1))[.fillScale] - before
      #expect(vIn < 0)
      #expect(abs(vOut - vIn) <= oneStep, "k \(k): \(vIn) then \(vOut), one step \(oneStep)")
      // Starting the spring from rest instead would have turned the motion round at once.
      #expect(vOut < 0, "k \(k): the shrinking motion carries on")
    }
  }
}

import Testing
import TickAnimation

@testable import TickScene

/// `Scene.setStyle` (a style file saved while playing): running animations carry on from
/// the look they show, without a jump, and end on the new style's look.
@Suite struct SceneSetStyleTests {
  func maxDifference(_ a: Look, _ b: Look) -> Float {
    Look.Property.allCases.map { abs(a[$0] - b[$0]) }.max() ?? 0
  }

  func scene(_ style: TickStyle) -> Scene {
    Scene(
      layout: GridLayout(windowWidth: 130, windowHeight: 60, cell: 50, gap: 10), style: style)
  }

  @Test(arguments: [AnimationStyle.stroke, .bounce, .spiral, .dot])
  func aNewStyleMidAnimationContinuesFromThePresentedLook(to new: AnimationStyle) {
    for k in [1, 20, 45] {
      var old = TickStyle()
      old.animation = .fill
      var s = scene(old)
      s.toggle(0, cause: .click)
      s.advance(steps: k)
      let before = s.look(0, atStep: Double(s.step))
      var style = TickStyle()
      style.custom = new.definition
      style.fillColor = .black
      s.setStyle(style)
      #expect(s.style.fillColor == .black && s.isAnimating(0))
      #expect(maxDifference(before, s.look(0, atStep: Double(s.step))) < 1e-5, "\(new) at \(k)")
      // One step later it has moved only a little (a ramp, never a jump).
      #expect(maxDifference(before, s.look(0, atStep: Double(s.step + 1))) < 0.5)
      s.advance(steps: 200)
      #expect(!s.isAnimating(0) && s.look(0, atStep: Double(s.step)) == new.look(.on))
      // The settled view, untouched, shows the new style's off look.
      #expect(s.look(1, atStep: Double(s.step)) == new.look(.off))
    }
  }

  @Test func anInstantStyleSettlesRunningAnimations() {
    var s = scene(TickStyle())
    s.toggle(0, cause: .click)
    s.advance(steps: 10)
    var style = TickStyle()
    style.custom = AnimationStyle.none.definition
    s.setStyle(style)
    #expect(!s.isAnimating(0) && s.look(0, atStep: Double(s.step)) == AnimationStyle.none.look(.on))
  }

  @Test func aLongerDurationStretchesWhatIsLeft() {
    var s = scene(TickStyle())
    s.toggle(0, cause: .click)
    s.advance(steps: 30)  // 30 of 60 steps left
    var style = TickStyle()
    style.duration = 1
    s.setStyle(style)
    #expect(s.durationSteps == 120)
    s.advance(steps: 59)
    #expect(s.isAnimating(0))
    s.advance(steps: 1)
    #expect(!s.isAnimating(0))
  }
}

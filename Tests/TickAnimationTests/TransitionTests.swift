import Testing
import TickAnimation

@Suite struct TransitionTests {
  @Test func seedStrokeEndIsLinearOverHalfASecond() {
    let steps = Transition.steps(seconds: 0.5, hz: 120)
    #expect(steps == 60)
    let t = Transition(startStep: 10, durationSteps: steps)
    #expect(t.value(atStep: 10) == 0)
    #expect(t.value(atStep: 25) == 0.25)
    #expect(t.value(atStep: 40) == 0.5)
    #expect(t.value(atStep: 70) == 1)
    #expect(t.value(atStep: 500) == 1)
    #expect(t.value(atStep: 0) == 0)
    #expect(!t.isFinished(atStep: 69) && t.isFinished(atStep: 70))
  }

  @Test func zeroDurationJumpsToTheEnd() {
    let t = Transition(startStep: 5, durationSteps: 0, from: 1, to: 0)
    #expect(t.value(atStep: 5) == 0)
    #expect(Transition.steps(seconds: 0, hz: 120) == 0)
    #expect(Transition.steps(seconds: .nan, hz: 120) == 0)
  }

  @Test func linearCurveClamps() {
    #expect(TimingCurve.linear.value(at: -1) == 0)
    #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
    #expect(TimingCurve.linear.value(at: 2) == 1)
    #expect(TimingCurve.linear.value(at: .nan) == 0)
  }
}

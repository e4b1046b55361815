import Testing

@testable import TickScene

/// A, K and C over a scene larger than a step's share (`StressDriver.sweep`): no step
/// changes more than `sweepChunk` views, and once the sweeps are done the views hold what
/// the same commands at once give them; a small scene still changes at once.
@Suite struct StressSweepTests {
  /// 600 × 500 views of 1 px: 300,000, a little over two shares.
  static func large() -> Scene {
    Scene(
      layout: GridLayout(
        windowWidth: 600, windowHeight: 500, cell: 1, gap: 0, columns: 600, rows: 500))
  }

  static func states(_ s: Scene) -> [ViewState] { (0..<s.count).map { s.state($0) } }

  @Test func aSweepEndsWhereTheCommandsAtOnceEnd() {
    var swept = Self.large()
    var whole = Self.large()
    var d = StressDriver(seed: 0)
    d.sweep(.toggle, in: &swept)
    d.sweep(.checker, in: &swept)
    d.sweep(.toggle, in: &swept)
    StressDriver.toggleAll(&whole)
    StressDriver.checkerboard(&whole)
    StressDriver.toggleAll(&whole)
    var steps = 0
    var most = swept.drainEvents().count
    while d.isSweeping && steps < 100 {
      d.step(&swept)
      swept.advance(steps: 1)
      most = max(most, swept.drainEvents().count)
      steps += 1
    }
    #expect(!d.isSweeping && steps == 3 * swept.count / StressDriver.sweepChunk)
    #expect(most <= StressDriver.sweepChunk)
    #expect(Self.states(swept) == Self.states(whole))
    d.sweep(.clear, in: &swept)
    while d.isSweeping { d.step(&swept) }
    #expect(Self.states(swept).allSatisfy { $0 == .off })
  }

  @Test func aSmallSceneChangesAtOnce() {
    var s = Scene(layout: GridLayout(windowWidth: 610, windowHeight: 370, cell: 50, gap: 10))
    var d = StressDriver(seed: 0)
    d.sweep(.toggle, in: &s)
    #expect(!d.isSweeping && Self.states(s).allSatisfy { $0 == .on })
    #expect(s.drainEvents().count == s.count)
  }
}

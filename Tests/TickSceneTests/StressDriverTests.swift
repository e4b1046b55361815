import SceneFixtures
import Testing

@testable import TickScene

@Suite struct StressDriverTests {
  func makeScene(_ w: Int = 610, _ h: Int = 370) -> Scene {
    Scene(layout: GridLayout(windowWidth: w, windowHeight: h, cell: 50, gap: 10))
  }

  @Test func rainTogglesAtItsRateAndIsSeeded() {
    func run(seed: UInt64) -> ([ValueChange], Scene) {
      var s = makeScene()
      var d = StressDriver(seed: seed)
      d.rainRate = 240  // two a step at 120 Hz
      for _ in 0..<120 {
        d.step(&s)
        s.advance(steps: 1)
      }
      return (s.drainEvents(), s)
    }
    let (a, _) = run(seed: 1)
    let (b, _) = run(seed: 1)
    let (c, _) = run(seed: 2)
    #expect(a.count == 240)
    #expect(a.allSatisfy { $0.cause == .stress })
    #expect(a == b)
    #expect(a.map(\.cell) != c.map(\.cell))
  }

  @Test func rainRateKeysHalveAndDouble() {
    var d = StressDriver(seed: 0)
    d.toggleRain()
    #expect(d.rainRate == 200)
    d.scaleRain(by: 2)
    #expect(d.rainRate == 400)
    d.toggleRain()
    #expect(d.rainRate == 0 && !d.isActive)
    d.scaleRain(by: 0.5)
    d.toggleRain()
    #expect(d.rainRate == 200)
  }

  @Test func aWaveTogglesEveryViewExactlyOnce() {
    var s = makeScene()
    var d = StressDriver(seed: 0)
    d.startWave(at: 13, in: s)
    var steps = 0
    while d.isActive && steps < 10_000 {
      d.step(&s)
      s.advance(steps: 1)
      steps += 1
    }
    #expect(!d.isActive)
    let events = s.drainEvents()
    #expect(events.count == s.count)
    #expect(Set(events.map(\.cell)).count == s.count)
    // The front spreads outward: distances from the origin never decrease.
    let (oc, orow) = s.layout.position(of: 13)
    let d2 = events.map { e in (e.column - oc) * (e.column - oc) + (e.row - orow) * (e.row - orow) }
    let steps2 = events.map(\.step)
    for i in 1..<events.count where steps2[i] > steps2[i - 1] {
      #expect(d2[i] >= d2[i - 1] - 1)
    }
  }

  @Test func patternsAndToggleAll() {
    var s = makeScene()
    StressDriver.toggleAll(&s)
    #expect((0..<s.count).allSatisfy { s.isSelected($0) })
    StressDriver.checkerboard(&s)
    let cols = s.layout.columns
    #expect((0..<s.count).allSatisfy { s.isSelected($0) == (($0 % cols + $0 / cols) % 2 == 0) })
    StressDriver.clear(&s)
    #expect((0..<s.count).allSatisfy { !s.isSelected($0) })
  }

  @Test func dragPaintsEachEnteredViewOnce() {
    var s = makeScene()
    func at(_ cell: Int, dx: Float = 0) -> (Float, Float) {
      let r = s.layout.rect(of: cell)
      return (Float(r.x) + 25 + dx, Float(r.y) + 25)
    }
    let (x0, y0) = at(0)
    s.handle(.press(x: x0, y: y0, button: .left))
    for cell in [0, 1, 1, 2, 3] {
      let (x, y) = at(cell, dx: 5)
      s.handle(.move(x: x, y: y))
      s.handle(.move(x: x + 22, y: y))  // into the gap after the view
    }
    let (x3, y3) = at(3)
    s.handle(.release(x: x3, y: y3, button: .left))
    let cells = s.drainEvents().map(\.cell)
    #expect(cells == [0, 1, 2, 3])  // the pressed view first, then each view reached
    #expect(!s.pointer.painting && s.pointer.pressed == nil)
  }
}

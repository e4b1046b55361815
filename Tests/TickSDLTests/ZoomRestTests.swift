import Testing
import TickScene

@testable import TickSDL

/// How long a zoom rests before the presenter builds a sheet for the new size.
@Suite struct ZoomRestTests {
  /// A scene zoomed in one notch at step 0.
  static func zoomedScene() -> Scene {
    var scene = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
    scene.handle(.wheel(x: 200, y: 150, dy: 1), cause: .click)
    return scene
  }

  /// Steps the scene by `wall` seconds at `timeScale` (slow motion ×0.1), as play's clock
  /// does.
  static func step(_ scene: inout Scene, wall: Double, timeScale: Double) {
    scene.advance(steps: Int(wall * timeScale * Double(scene.hz)))
  }

  /// In slow motion, the rest ends 0.15 s after the zoom on the wall clock, although scene
  /// time has moved a tenth of that: the scaled stand-in shows for 0.15 s, not 1.5.
  @Test func inSlowMotionTheRestEndsOnTheWallClock() throws {
    var scene = Self.zoomedScene()
    try #require(scene.sizeChangedAtStep != nil)
    var rest = ZoomRest()
    let rested1 = rest.hasRested(scene, clock: .wall, now: 10)
    #expect(!rested1)
    Self.step(&scene, wall: 0.1, timeScale: 0.1)
    let rested2 = rest.hasRested(scene, clock: .wall, now: 10.1)
    #expect(!rested2)
    Self.step(&scene, wall: 0.1, timeScale: 0.1)
    let rested3 = rest.hasRested(scene, clock: .wall, now: 10.2)
    #expect(rested3)
    // Scene time alone would keep the stand-in: it has moved 0.02 s.
    let rested4 = rest.hasRested(scene, clock: .scene, now: 10.2)
    #expect(!rested4)
  }

  /// A further notch restarts the wall clock's rest, even within the same scene step (in
  /// slow motion, several frames share a step).
  @Test func eachNotchRestartsTheRest() {
    var scene = Self.zoomedScene()
    var rest = ZoomRest()
    let rested5 = rest.hasRested(scene, clock: .wall, now: 0)
    #expect(!rested5)
    scene.handle(.wheel(x: 200, y: 150, dy: 1), cause: .click)
    let rested6 = rest.hasRested(scene, clock: .wall, now: 0.1)
    #expect(!rested6)
    let rested7 = rest.hasRested(scene, clock: .wall, now: 0.2)
    #expect(!rested7)
    let rested8 = rest.hasRested(scene, clock: .wall, now: 0.25)
    #expect(rested8)
  }

  /// A headless render times the rest in scene time, whatever the wall clock says, and a
  /// scene never zoomed has rested on either clock.
  @Test func sceneTimeIgnoresTheWallClock() {
    var scene = Self.zoomedScene()
    var rest = ZoomRest()
    let rested9 = rest.hasRested(scene, clock: .scene, now: 100)
    #expect(!rested9)
    scene.advance(steps: Int(ZoomRest.seconds * Double(scene.hz)))
    let rested10 = rest.hasRested(scene, clock: .scene, now: 0)
    #expect(rested10)
    var still = ZoomRest()
    let rested11 = still.hasRested(Self.makeUnzoomed(), clock: .wall, now: 0)
    #expect(rested11)
  }

  static func makeUnzoomed() -> Scene {
    Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
  }
}

import Testing
import TickApp
import TickScene

@testable import TickCommandLine
@testable import tickplay

/// The window title holds the settings and nothing that moves by itself, so it is written
/// only when a setting changes, and a window list shows a steady name.
@Suite struct WindowTitleTextTests {
  @Test func theTitleChangesWithSettingsOnly() {
    var options = LaunchOptions()
    options.windowWidth = 400
    options.windowHeight = 300
    var scene = Scene(options: options, softwareRenderer: false)
    var controls = Controls(seed: 0, rain: nil)
    func title() -> String {
      controls.title(scene: scene, styleFile: nil, path: .compose, slow: false)
    }
    let idle = title()
    #expect(idle == "TickPlayground — 24 views — stroke, linear, compose")
    StressDriver.toggleAll(&scene)
    scene.advance(steps: 1)
    #expect(scene.animatingCount == 24)
    #expect(title() == idle, "animating views are the HUD's figure, not the title's")
    controls.paused = true
    #expect(title() == idle + " — paused")
    #expect(
      controls.title(scene: scene, styleFile: "dir/pop.json", path: .atlas, slow: true)
        == "TickPlayground — 24 views — stroke (pop.json), linear, atlas — slow ×0.1 — paused")
  }
}

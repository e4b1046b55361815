import TickCommandLine
import TickGeometry
import TickScene

/// `bench tessellate`'s `build` mode: the direct path's whole frame build for the same
/// views the other modes draw, so that what the frame adds to the tessellation is measured
/// in the same run.
extension Bench {
  /// Times `FrameBuilder.build` over a scene of `n` views of `size` px at gap 0 (the grid
  /// as square as the other modes lay it out, all of it in the scene's window), every view
  /// animating at a random phase, as `bench frame --path direct` draws them, and prints its
  /// line.
  static func frameBuildCase(n: Int, size: Int, antialias: Bool) {
    let columns = Int(Double(n).squareRoot().rounded(.up))
    var o = LaunchOptions()
    o.cell = size
    o.gap = 0
    (o.columns, o.rows) = (columns, (n + columns - 1) / columns)
    (o.windowWidth, o.windowHeight) = (o.columns! * size, o.rows! * size)
    o.antialias = antialias
    var scene = Scene(options: o, softwareRenderer: false)
    let load = BenchFrame.Workload(scene, wanted: n, seed: o.seed)
    var events: [ValueChange] = []
    // Every view started, at phases spread over one transition, as bench frame warms up.
    for _ in 0..<load.length { load.step(&scene, events: &events) }
    var changes = SceneChanges()
    scene.takeChanges(into: &changes)
    let quiet = SceneChanges()
    var builder = FrameBuilder()
    var list = DrawList()
    let present = Double(scene.step)
    let build = {
      builder.build(scene, changes: quiet, full: false, present: present, into: &list)
    }
    report("build", n: n, size: size, aa: antialias, run: build, written: { list.mesh })
  }
}

import TickGeometry
import TickScene

/// `tickplay bench`: CPU-side figures as JSON lines (no window needed).
///
/// Each line is one measurement, timed with the standard library's monotonic clock over
/// enough repetitions to take at least ~0.2 s.
enum Bench {
  static func run(_ options: LaunchOptions) -> Int32 {
    if options.benchCase == "frame" { return BenchFrame.run(options) }
    if options.benchCase == "soak" { return Soak.run(options) }
    let size = Float(options.cell)
    let tick = TickShape.tick(origin: .zero, width: size, height: size)
    var mesh = Mesh()
    var trimmed: [Point] = []
    let feather = Feather(antialias: options.antialias ?? true)

    let tickNs = measure { reps in
      for i in 0..<reps {
        mesh.removeAll()
        tick.trimmed(end: Float(i % 100 + 1) / 100, into: &trimmed)
        Stroker.strokeRound(
          trimmed, width: TickShape.tickWidth * size, color: .white, feather: feather,
          into: &mesh)
      }
    }
    print(
      "{\"bench\":\"tessellate\",\"shape\":\"tick\",\"size\":\(options.cell),"
        + "\"aa\":\(feather.antialias),\"ns_per_op\":\(Int(tickNs)),"
        + "\"triangles\":\(mesh.triangleCount)}")

    var scene = Scene(layout: options.layout, style: options.style, hz: options.hz)
    scene.applyInitialSelection(.all, animate: true)
    var builder = FrameBuilder(cellSize: options.cell)
    var list = DrawList()
    let frameNs = measure { reps in
      for i in 0..<reps {
        scene.applyInitialSelection(.all, animate: true)
        builder.build(scene: &scene, present: Double(i % 60), into: &list)
      }
    }
    print(
      "{\"bench\":\"build\",\"views\":\(scene.count),\"animating\":\(scene.count),"
        + "\"ns_per_frame\":\(Int(frameNs)),\"triangles\":\(list.mesh.triangleCount)}")
    return 0
  }

  /// Nanoseconds per repetition of `body`, doubling the repetitions until a run takes 0.2 s.
  static func measure(_ body: (Int) -> Void) -> Double {
    let clock = ContinuousClock()
    var reps = 16
    while true {
      let elapsed = clock.measure { body(reps) }
      let ns =
        Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      if ns > 2e8 || reps > 1 << 26 { return ns / Double(reps) }
      reps *= 2
    }
  }
}

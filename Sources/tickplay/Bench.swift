import TickCommandLine
import TickFiles
import TickGeometry
import TickScene

/// `tickplay bench`: CPU-side figures as JSON lines (no window needed).
///
/// Each line is one measurement, timed with the standard library's monotonic clock over
/// enough repetitions to take at least ~0.2 s.
enum Bench {
  /// Runs the case the options name; with none, the quick lines (`quick`).
  static func run(_ options: LaunchOptions) -> Int32 {
    guard let benchCase = options.benchCase else { return quick(options) }
    switch benchCase {
    case .tessellate: return tessellate(options)
    case .frame: return BenchFrame.run(options)
    case .soak: return Soak.run(options)
    case .interact: return BenchInteract.run(options)
    case .compose: return BenchCompose.run(options)
    case .sheets: return BenchSheets.run(options)
    case .overview: return BenchOverview.run(options)
    case .history: return BenchHistory.run(options)
    case .step: return BenchStep.run(options)
    case .limit: return BenchLimit.run(options)
    case .submit: return BenchSubmit.run(options)
    }
  }

  /// `bench` alone: one quick tessellate line and one build line.
  static func quick(_ options: LaunchOptions) -> Int32 {
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
    let tessellated: JSONValue = [
      "bench": "tessellate", "shape": "tick", "size": .int(options.cell),
      "aa": .bool(feather.antialias), "ns_per_op": .int(Int(tickNs)),
      "triangles": .int(mesh.triangleCount),
    ]
    print(tessellated.text)

    var style = options.style
    style.antialias = feather.antialias
    var scene = Scene(layout: options.layout, style: style, hz: options.hz)
    scene.applyInitialSelection(.all, animate: true)
    var builder = FrameBuilder()
    var list = DrawList()
    var changes = SceneChanges()
    let frameNs = measure { reps in
      for i in 0..<reps {
        scene.applyInitialSelection(.all, animate: true)
        scene.takeChanges(into: &changes)
        builder.build(scene, changes: changes, full: false, present: Double(i % 60), into: &list)
      }
    }
    let built: JSONValue = [
      "bench": "build", "views": .int(scene.count), "animating": .int(scene.count),
      "ns_per_frame": .int(Int(frameNs)), "triangles": .int(list.mesh.triangleCount),
    ]
    print(built.text)
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

// MARK: - tessellate

extension Bench {
  /// `tickplay bench tessellate`: the tessellator against the price of writing its output.
  ///
  /// One JSON line per case: N = 1,000, 10,000 and 100,000 selected views (a filled circle
  /// and a tick each, the ticks at progress spread over 0…1), sizes 32 and 64, AA on and
  /// off, each in four modes: `direct` draws every view as the app's direct path does a
  /// look its tick templates do not hold (the disc from `ShapeTemplates`, the tick trimmed as
  /// a `ShortPolyline` and stroked: by the fast path where it applies, `fast_share` being
  /// the fraction of ticks it drew),
  /// `general` likewise with every tick stroked by the general engine, `cached` copies a circle
  /// template and a tick template (`MeshTemplate`, `TickTemplates`), stored end to end and
  /// moved each by its own offset as the app's `FrameBuilder` draws a settled view with the
  /// plain tick.
  /// `floor_ns_per_tick` is the time to only write that many
  /// vertices and indices through the same `Mesh` calls, measured in the same run; `ratio`
  /// is `ns_per_tick / floor_ns_per_tick`. Build with `-c release` to time.
  ///
  /// Fewer cases: `--views N` runs that N only, `--aa on|off` one setting, and a `--cell`
  /// other than the default 50 that size only.
  static func tessellate(_ options: LaunchOptions) -> Int32 {
    let sizes = options.cell == LaunchOptions().cell ? [32, 64] : [options.cell]
    let settings = options.antialias.map { [$0] } ?? [true, false]
    let counts = options.views.map { [$0] } ?? [1_000, 10_000, 100_000]
    warmUp()
    for size in sizes {
      for aa in settings {
        for n in counts {
          tessellateCase(n: n, size: size, antialias: aa)
        }
      }
    }
    return 0
  }

  /// Half a second of the work the cases time, untimed: from a cold start (clocks ramping
  /// up, first page faults) the first case has come out up to twice as slow as the same
  /// case run later.
  static func warmUp() {
    let tick = TickShape.tick(origin: .zero, width: 32, height: 32)
    let mark = ShortPolyline(tick.points[0], tick.points[1], tick.points[2])
    var mesh = Mesh()
    let end = ContinuousClock.now + .milliseconds(500)
    while ContinuousClock.now < end {
      mesh.removeAll()
      for k in 1...100 {
        Stroker.strokeRound(
          mark.trimmed(end: Float(k) / 100), width: 2, color: .white, engine: .general,
          into: &mesh)
      }
    }
  }

  /// Times one case in every mode and prints their lines.
  static func tessellateCase(n: Int, size: Int, antialias: Bool) {
    let s = Float(size)
    let columns = Int(Double(n).squareRoot().rounded(.up))
    let rows = (n + columns - 1) / columns
    let feather = Feather(antialias: antialias)
    let fill = Color(r: 0x2e, g: 0xcb, b: 0x94)
    let radius = TickShape.circleRadius * s
    let width = TickShape.tickWidth * s
    let tick = TickShape.tick(origin: .zero, width: s, height: s)
    let mark = ShortPolyline(tick.points[0], tick.points[1], tick.points[2])
    var mesh = Mesh()
    mesh.clipRect = PixelRect(x: 0, y: 0, width: columns * size, height: rows * size)
    // Worked out before timing: the floor does no such arithmetic either.
    let origins = (0..<n).map { Point(Float($0 % columns) * s, Float($0 / columns) * s) }
    let progresses = (0..<n).map { Float($0 * 37 % 101) / 100 }

    var fast = 0
    func stroked(_ engine: Stroker.Engine) -> () -> Void {
      var shapes = ShapeTemplates()
      return {
        mesh.removeAll()
        fast = drawViews(
          origins, progresses, mark: mark, half: s / 2, radius: radius, fill: fill, width: width,
          feather: feather, engine: engine, shapes: &shapes, into: &mesh)
      }
    }
    let drawn = progresses.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
    report("direct", n: n, size: size, aa: antialias, run: stroked(.automatic), written: { mesh }) {
      ",\"fast_share\":\(Double(Int(Double(fast) / Double(max(drawn, 1)) * 1000)) / 1000)"
    }
    report("general", n: n, size: size, aa: antialias, run: stroked(.general), written: { mesh })

    // The disc as the app holds it: about the origin, copied at the view's centre.
    let centred =
      MeshTemplate(.disc(radius: radius), color: fill, feather: feather)
      ?? MeshTemplate { m in
        Fill.disc(center: .zero, radius: radius, color: fill, feather: feather, into: &m)
      }
    var ticks = TickTemplates(
      size: s, color: .white, feather: feather, under: centred, underOffset: Point(s / 2, s / 2))
    let cached = {
      mesh.removeAll()
      copyViews(origins, progresses, ticks: &ticks, into: &mesh)
    }
    report("cached", n: n, size: size, aa: antialias, run: cached, written: { mesh })
    frameBuildCase(n: n, size: size, antialias: antialias)
  }

  /// Copies a view at each of `origins` from `ticks`: the tick at its progress, and their
  /// `under` at the view's centre, in one call as `FrameBuilder` does. It works on its
  /// arguments only, as `drawViews` does.
  static func copyViews(
    _ origins: [Point], _ progresses: [Float], ticks: inout TickTemplates,
    into mesh: inout Mesh
  ) {
    for (o, progress) in zip(origins, progresses) {
      ticks.appendView(progress: progress, at: o, into: &mesh)
    }
  }

  /// Draws a view at each of `origins` as the direct path does (see `tessellate`) and
  /// returns how many ticks the fast path drew. The loop works on its arguments only, as
  /// the app's does: state captured by a closure would be checked for exclusive access at
  /// run time on every use.
  static func drawViews(
    _ origins: [Point], _ progresses: [Float], mark: ShortPolyline, half: Float, radius: Float,
    fill: Color, width: Float, feather: Feather, engine: Stroker.Engine,
    shapes: inout ShapeTemplates, into mesh: inout Mesh
  ) -> Int {
    var fast = 0
    for (o, progress) in zip(origins, progresses) {
      let centre = o + Point(half, half)
      shapes.draw(.disc(radius: radius), center: centre, color: fill, feather: feather, into: &mesh)
      if Stroker.strokeRound(
        mark.trimmed(end: progress).offset(by: o), width: width, color: .white, feather: feather,
        engine: engine, into: &mesh)
      {
        fast += 1
      }
    }
    return fast
  }

  /// Times `run` (which fills the mesh `written` returns) against the floor for the vertex and index counts it
  /// writes, and prints one line. The floor copies a prebuilt block of the same size per
  /// tick into a mesh, translated (`Mesh.append`): the least any tessellator must do to
  /// write that output. The two are timed in turn, `rounds` times, and the best of each
  /// kept, so that a burst of load from elsewhere on the machine cannot fall on one side
  /// only.
  static func report(
    _ mode: String, n: Int, size: Int, aa: Bool, run: () -> Void, written: () -> Mesh,
    rounds: Int = 3, extra: () -> String = { "" }
  ) {
    run()
    let mesh = written()
    let vertices = mesh.vertices.count
    let triangles = mesh.triangleCount
    var block = Mesh()
    let perTickVertices = max(vertices / n, 3)
    for k in 0..<perTickVertices { block.addVertex(Point(Float(k), Float(k & 1)), .white) }
    for t in 0..<(triangles / n) {
      let k = UInt32(t % (perTickVertices - 2))
      block.addTriangle(k, k + 1, k + 2)
    }
    var floorMesh = Mesh()
    // Held as constants: read through the captured `block` inside the loop, each copy
    // would retain and release the block's two buffers, and the floor would cost more
    // than the copy it stands for (a small tick's).
    let (blockVertices, blockIndices) = (block.vertices, block.indices)
    let s = Float(size)
    var ns = Double.infinity
    var floor = Double.infinity
    for _ in 0..<rounds {
      ns = min(ns, measureOnce(run))
      floor = min(
        floor,
        measureOnce {
          floorMesh.removeAll()
          for i in 0..<n {
            floorMesh.append(blockVertices, blockIndices, offset: Point(Float(i & 1023) * s, s))
          }
        })
    }
    let perTick = ns / Double(n)
    let floorPerTick = floor / Double(n)
    func f(_ x: Double) -> String { String(Double(Int(x * 100)) / 100) }
    print(
      "{\"bench\":\"tessellate\",\"mode\":\"\(mode)\",\"n\":\(n),\"size\":\(size),\"aa\":\(aa),"
        + "\"ns_per_tick\":\(f(perTick)),"
        + "\"vertices_per_tick\":\(f(Double(vertices) / Double(n))),"
        + "\"triangles_per_tick\":\(f(Double(triangles) / Double(n))),"
        + "\"floor_ns_per_tick\":\(f(floorPerTick)),\"ratio\":\(f(perTick / floorPerTick))"
        + extra() + "}")
  }

  /// Nanoseconds per run of `body`, the best of runs repeated until they take 0.1 s (a
  /// warm-up run first, so that buffers have grown).
  static func measureOnce(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    body()
    var best = Double.infinity
    var spent = 0.0
    var runs = 0
    while spent < 1e8 || runs < 3 {
      let elapsed = clock.measure { body() }
      let ns =
        Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      best = min(best, ns)
      spent += ns
      runs += 1
    }
    return best
  }
}

import Testing
import TickGeometry

/// Templates: the same geometry as stroking directly, moved; quantised progress; clipping.
@Suite struct TickTemplatesTests {
  @Test func aTemplateIsTheStrokeAtItsStepMoved() {
    var templates = TickTemplates(size: 50, color: .white)
    let origin = Point(120, 40)
    for progress: Float in [0.1, 0.42, 0.45, 1] {
      var copied = Mesh()
      templates.append(progress: progress, at: origin, into: &copied)
      var pts: [Point] = []
      let step = templates.step(for: progress)
      TickShape.tick(origin: .zero, width: 50, height: 50).trimmed(
        end: Float(step) / Float(templates.steps), into: &pts)
      var direct = Mesh()
      Stroker.strokeRound(pts, width: 3, color: .white, into: &direct)
      // The same shape, less the slivers under 1/100 px that a move could flip.
      direct.removeSlivers()
      #expect(copied.vertices.count == direct.vertices.count)
      #expect(copied.indices == direct.indices)
      for (a, b) in zip(copied.vertices, direct.vertices) {
        #expect((a.position - (b.position + origin)).length < 1e-4)
        #expect(a.color == b.color)
      }
      checkStructure(copied, "progress \(progress)")
      // Far out, where a float step is 1/500 px, no triangle flips either.
      var far = Mesh()
      templates.append(progress: progress, at: Point(16000, -16000), into: &far)
      checkStructure(far, "progress \(progress) far out")
    }
  }

  @Test func progressIsQuantisedToAQuarterPixelOfArc() {
    let templates = TickTemplates(size: 50, color: .white)
    // 41.81 px of arc, 4 steps a pixel.
    #expect(templates.steps == 168)
    #expect(templates.step(for: 0) == 0)
    #expect(templates.step(for: 1) == 168)
    #expect(templates.step(for: 2) == 168)
    #expect(templates.step(for: .nan) == 0)
    #expect(templates.step(for: 0.5) == 84)
  }

  @Test func stepsRoundAsTheStandardLibraryDoes() {
    // `step(for:)` rounds without `rounded()`; it must pick the same step, at halves too.
    for size: Float in [16, 32, 50, 64, 333] {
      let templates = TickTemplates(size: size, color: .white)
      let n = Float(templates.steps)
      var probes: [Float] = [0, 1, -0.0, .leastNonzeroMagnitude, Float(1).nextDown]
      for k in 0...(2 * templates.steps) {
        let p = Float(k) / (2 * n)
        probes += [p, p.nextUp, p.nextDown, (Float(k) / 2).nextDown / n, (Float(k) / 2).nextUp / n]
      }
      for p in probes {
        let expected = Int((min(max(p, 0), 1) * n).rounded())
        #expect(templates.step(for: p) == expected, "size \(size), progress \(p)")
      }
    }
  }

  @Test func copiesAreClipped() {
    var templates = TickTemplates(size: 50, color: .white)
    var mesh = Mesh()
    mesh.clipRect = PixelRect(x: 0, y: 0, width: 100, height: 100)
    templates.append(progress: 1, at: Point(1000, 1000), into: &mesh)
    #expect(mesh.isEmpty)
    templates.append(progress: 1, at: Point(140, 40), into: &mesh)
    checkStructure(mesh, "straddling")
    #expect(!mesh.isEmpty)
    #expect(mesh.vertices.allSatisfy { $0.x <= 100 + Mesh.clipMargin + 0.01 })
    let disc = MeshTemplate { Fill.disc(center: .zero, radius: 10, color: .white, into: &$0) }
    var other = Mesh()
    other.clipRect = mesh.clipRect
    disc.append(at: Point(-500, 50), into: &other)
    #expect(other.isEmpty)
    disc.append(at: Point(50, 50), into: &other)
    #expect(other.vertices.count == disc.vertices.count)
  }

  @Test func aViewCopiedInOneGoIsItsTwoCopies() {
    for antialias in [true, false] {
      let feather = Feather(antialias: antialias)
      let box = Color(r: 0x2e, g: 0xcb, b: 0x94)
      guard let disc = MeshTemplate(.disc(radius: 20), color: box, feather: feather) else {
        Issue.record("a 20-px disc is worth a template")
        return
      }
      var ticks = TickTemplates(size: 50, color: .white, feather: feather)
      var views = TickTemplates(
        size: 50, color: .white, feather: feather, under: disc, underOffset: Point(25, 25))
      // Inside, straddling the clip bounds (either shape, or both), wholly outside.
      for origin in [Point(10, 20), Point(130, 90), Point(229, 40), Point(-75, 0), Point(900, 9)] {
        for progress: Float in [0, 0.3, 1] {
          var apart = Mesh()
          var together = Mesh()
          var tickOnly = Mesh()
          let clip = PixelRect(x: 0, y: 0, width: 200, height: 200)
          (apart.clipRect, together.clipRect, tickOnly.clipRect) = (clip, clip, clip)
          // Something first, so that the indices are rebased.
          disc.append(at: Point(50, 50), into: &apart)
          disc.append(at: Point(50, 50), into: &together)
          let center = origin + Point(25, 25)
          disc.append(at: center, into: &apart)
          ticks.append(progress: progress, at: origin, into: &apart)
          views.appendView(progress: progress, at: origin, into: &together)
          #expect(Array(together.vertices) == Array(apart.vertices), "\(origin) \(progress)")
          #expect(together.indices == apart.indices, "\(origin) \(progress)")
          // Without `under`: the tick alone, as the plain templates copy it.
          var plain = Mesh()
          plain.clipRect = tickOnly.clipRect
          views.append(progress: progress, at: origin, into: &tickOnly)
          ticks.append(progress: progress, at: origin, into: &plain)
          #expect(Array(tickOnly.vertices) == Array(plain.vertices), "\(origin) \(progress)")
          #expect(tickOnly.indices == plain.indices, "\(origin) \(progress)")
        }
      }
      let step = views.step(for: 0.3)
      #expect(views.template(step: step).indices == ticks.template(step: step).indices)
      #expect(views.template(step: step).vertices == ticks.template(step: step).vertices)
    }
  }

  @Test func aShapeTemplateCopiesAsShapeTemplatesDraws() {
    let color = Color(r: 200, g: 10, b: 90, a: 180)
    for antialias in [true, false] {
      let feather = Feather(antialias: antialias)
      for shape: ShapeTemplates.Shape in [
        .disc(radius: 13.3), .ring(radius: 20, width: 2.5),
        .roundedSquare(halfSize: 16, cornerRadius: 4),
      ] {
        guard let template = MeshTemplate(shape, color: color, feather: feather) else {
          Issue.record("\(shape) is worth a template")
          continue
        }
        var shapes = ShapeTemplates()
        // Drawn directly the first time, from its template the second.
        for center in [Point(40.25, 17.5), Point(311.7, 95.1)] {
          var drawn = Mesh()
          shapes.draw(shape, center: center, color: color, feather: feather, into: &drawn)
          var copied = Mesh()
          template.append(at: center, into: &copied)
          #expect(Array(copied.vertices) == Array(drawn.vertices), "\(shape) at \(center)")
          #expect(copied.indices == drawn.indices, "\(shape) at \(center)")
        }
      }
    }
    #expect(MeshTemplate(.disc(radius: 1), color: color, feather: Feather()) == nil)
  }
}

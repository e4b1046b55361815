import Testing

@testable import TickGeometry

/// The tessellators' output, vertex for vertex and index for index, over fixed corpora: a
/// hash of every mesh they write. The stroke engine, the fast path, the fills and the clip
/// are written for their readers and tuned for speed; neither kind of change may move a
/// single vertex. A change that means to alter the output records the new hash here, and
/// says why in its commit.
///
/// Each corpus runs through one tessellator and one mesh in a fixed order, as the app's
/// strokes do: the engine's memo of its last arc spacing and the mesh's of its arcs (`Mesh.arcs`)
/// carry from one stroke to the next, and the output depends on them to the last bit.
@Suite struct OutputHashTests {
  /// The general engine over the stroke corpus (`StrokeCorpus`): 8,000 strokes.
  @Test func generalEngine() {
    #expect(Self.strokeHash(.general) == 0x5750_591b_3925_faf0)
  }

  /// The fast path where it applies (the general engine elsewhere) over the stroke corpus,
  /// and the tick as a `ShortPolyline`, which reaches the fast path without an array.
  @Test func automaticEngine() {
    #expect(Self.strokeHash(.automatic) == 0x8a46_fa45_f5f1_ce60)
  }

  /// Discs, rings, rounded squares, their rings and convex polygons (`Radial`, `Outline`),
  /// with and without anti-aliasing, at three tolerances.
  @Test func fills() {
    var random = SeededRandom(seed: 77)
    var hash = OutputHash()
    var mesh = Mesh()
    for n in 0..<1500 {
      mesh.removeAll()
      Self.fill(n, &random, into: &mesh)
      hash.add(mesh)
    }
    #expect(hash.value == 0x0e62_25e1_161e_7fe9)
  }

  /// Strokes and fills cut by the clip bounds and by a paint rect (`Mesh+Clip`).
  @Test func clipped() {
    var random = SeededRandom(seed: 31)
    var hash = OutputHash()
    var mesh = Mesh()
    for n in 0..<1500 {
      mesh.removeAll()
      // A clip rectangle that cuts through the shapes' area, 6 to 34 px.
      mesh.clipRect = PixelRect(
        x: 6 + random.int(14), y: 6 + random.int(14), width: 1 + random.int(14),
        height: 1 + random.int(14))
      let feather = Feather(antialias: n % 3 != 0)
      if n % 2 == 0 {
        Stroker.strokeRound(
          random.polyline(maxPoints: 5, in: -60, 100), width: random.float(1, 80), color: .white,
          feather: feather, engine: n % 4 == 0 ? .general : .automatic, into: &mesh)
      } else {
        Self.fill(n, &random, into: &mesh)
      }
      hash.add(mesh)
      mesh.clipRect = Mesh.guardBand
      let rect = PixelRect(
        x: random.int(30), y: random.int(30), width: 1 + random.int(16), height: 1 + random.int(16))
      mesh.clip(fromVertex: 0, fromIndex: 0, to: rect)
      hash.add(mesh)
    }
    #expect(hash.value == 0x279e_1ce2_e3bc_78a1)
  }

  /// The hash of every stroke of `StrokeCorpus` drawn by `engine`.
  static func strokeHash(_ engine: Stroker.Engine) -> UInt64 {
    var hash = OutputHash()
    var t = StrokeTessellator()
    var mesh = Mesh()
    StrokeCorpus.forEach { n, points, width, antialias in
      mesh.removeAll()
      let feather = Feather(antialias: antialias)
      t.strokeRound(
        points, width: width, color: .white, feather: feather, engine: engine, into: &mesh)
      if n < StrokeCorpus.ticks, points.count <= 3, engine == .automatic {
        var line = ShortPolyline()
        for p in points { line.append(p) }
        Stroker.strokeRound(line, width: width, color: .white, feather: feather, into: &mesh)
      }
      hash.add(mesh)
    }
    return hash.value
  }

  /// Fill number `n` of the fill corpus, its size and place from `random`.
  static func fill(_ n: Int, _ random: inout SeededRandom, into mesh: inout Mesh) {
    let feather = Feather(
      antialias: n % 3 != 0, tolerance: [Tolerance.defaultPixels, 0.05, 1][n % 5 % 3])
    let color = Color(r: 30, g: 200, b: 140, a: UInt8(64 + random.int(192)))
    let centre = Point(random.float(8, 24), random.float(8, 24))
    let size = random.float(0.2, 30)
    switch n % 5 {
    case 0:
      Fill.disc(center: centre, radius: size, color: color, feather: feather, into: &mesh)
    case 1:
      Fill.ring(
        center: centre, radius: size, width: random.float(0.3, 6), color: color,
        feather: feather, into: &mesh)
    case 2:
      Fill.roundedSquare(
        center: centre, halfSize: size, cornerRadius: random.float(0, size), color: color,
        feather: feather, into: &mesh)
    case 3:
      Fill.roundedSquareRing(
        center: centre, halfSize: size, cornerRadius: random.float(0, size),
        width: random.float(0.3, 6), color: color, feather: feather, into: &mesh)
    default:
      let corners = 3 + random.int(6)
      let spin = random.float(0, 2 * .pi)
      let polygon = (0..<corners).map { k in
        let angle = spin + 2 * .pi * (Float(k) + random.float(-0.3, 0.3)) / Float(corners)
        return centre + Point(Math.cos(angle), Math.sin(angle)) * size
      }
      Fill.convexPolygon(polygon, color: color, feather: feather, into: &mesh)
    }
  }
}

/// The stroke corpus the engine's output is hashed over, and its rays checked on
/// (`StrokeEngineRayTests.ticksAndRandomPolylines`): the tick trimmed at 300 progress values,
/// 16 to 80 px, and 3,700 random polylines (free points, repeated points, short steps) 0.3
/// to 9 px wide; with and without anti-aliasing.
enum StrokeCorpus {
  /// How many strokes of each setting are ticks; the rest are random polylines.
  static let ticks = 300
  /// Strokes per anti-aliasing setting.
  static let count = 4000

  /// Calls `body` with each stroke's number (within its setting), points, width and
  /// anti-aliasing, always in the same order.
  static func forEach(_ body: (Int, [Point], Float, Bool) -> Void) {
    var random = SeededRandom(seed: 4242)
    var points: [Point] = []
    for antialias in [true, false] {
      for n in 0..<count {
        let width: Float
        if n < ticks {
          let s = Float(16 + n % 5 * 16)
          let tick = TickShape.tick(origin: Point(Float(n % 7) * 3.3, 100), width: s, height: s)
          tick.trimmed(end: Float(n) / Float(ticks), into: &points)
          width = 2 + Float(n % 3)
        } else {
          points = random.polyline(maxPoints: 7, in: 6, 34)
          width = random.float(0.3, 9)
        }
        body(n, points, width, antialias)
      }
    }
  }
}

/// FNV-1a, a 32-bit word at a time, over meshes: every vertex's position, colour and texture
/// coordinate bits, and every index, in order.
struct OutputHash {
  /// FNV-1a's 64-bit offset basis and prime.
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x100_0000_01b3

  mutating func add(_ word: UInt32) { value = (value ^ UInt64(word)) &* Self.prime }

  mutating func add(_ mesh: Mesh) {
    add(UInt32(mesh.vertices.count))
    for v in mesh.vertices {
      add(v.x.bitPattern)
      add(v.y.bitPattern)
      add(v.color.packed)
      add(v.u.bitPattern)
      add(v.v.bitPattern)
    }
    add(UInt32(mesh.indices.count))
    for i in mesh.indices { add(i) }
  }
}

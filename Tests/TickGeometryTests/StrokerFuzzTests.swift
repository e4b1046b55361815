import Testing
import TickGeometry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Random and hostile input: NaN and infinite coordinates, huge and tiny numbers, repeated
/// points, zero, negative and huge widths, both engines, with and without anti-aliasing,
/// odd tolerances. Nothing may crash, emit NaN, index out of range, flip a triangle or leave
/// one degenerate, or reach past the clip bounds.
///
/// 10,000 inputs in the normal suite; `TICK_FUZZ_LONG=1` runs 1,000,000.
@Suite struct StrokerFuzzTests {
  static var count: Int {
    if let v = getenv("TICK_FUZZ_LONG"), String(cString: v) == "1" { return 1_000_000 }
    return 10_000
  }

  /// A coordinate: mostly ordinary, sometimes hostile.
  static func coordinate(_ r: inout SeededRandom) -> Float {
    switch r.int(20) {
    case 0: return .nan
    case 1: return r.int(2) == 0 ? .infinity : -.infinity
    case 2: return r.float(-1, 1) * 1e30
    case 3: return r.float(-1, 1) * 1e7
    case 4: return r.float(-1e-6, 1e-6)
    case 5: return .greatestFiniteMagnitude * (r.int(2) == 0 ? 1 : -1)
    default: return r.float(-50, 150)
    }
  }

  static func width(_ r: inout SeededRandom) -> Float {
    switch r.int(12) {
    case 0: return 0
    case 1: return -r.float(0, 5)
    case 2: return .nan
    case 3: return .infinity
    case 4: return r.float(0, 1e-3)
    case 5: return r.float(1e3, 1e9)
    default: return r.float(0.1, 20)
    }
  }

  @Test func randomInputNeverBreaksTheMesh() {
    var r = SeededRandom(seed: 2024)
    var mesh = Mesh()
    var points: [Point] = []
    var failures = 0
    for trial in 0..<Self.count {
      points.removeAll(keepingCapacity: true)
      let n = r.int(9)
      for i in 0..<n {
        if i > 0, r.int(4) == 0 {
          points.append(points[i - 1])
        } else if i > 1, r.int(6) == 0 {
          points.append(points[i - 2])
        } else {
          points.append(Point(Self.coordinate(&r), Self.coordinate(&r)))
        }
      }
      let width = Self.width(&r)
      let engine: Stroker.Engine = r.int(3) == 0 ? .general : .automatic
      let tolerance: Float = r.int(10) == 0 ? [0, -1, .nan, 1e-6, 50][r.int(5)] : 0.25
      let feather = Feather(antialias: r.int(2) == 0, tolerance: tolerance)
      mesh.removeAll()
      Stroker.strokeRound(
        points, width: width, color: .white, feather: feather, engine: engine, into: &mesh)
      if let problem = Self.problem(in: mesh) {
        failures += 1
        if failures <= 5 {
          Issue.record("trial \(trial): \(problem); \(points) width \(width) \(feather)")
        }
      }
    }
    #expect(failures == 0, "\(failures) of \(Self.count) inputs broke the mesh")
  }

  /// The first broken property of `mesh`, or nil: a cheaper `checkStructure` for a million
  /// runs.
  static func problem(in mesh: Mesh) -> String? {
    let b = Mesh.clipMargin
    let lo = Point(Float(mesh.clipRect.x) - b - 1, Float(mesh.clipRect.y) - b - 1)
    let hi = Point(
      Float(mesh.clipRect.x + mesh.clipRect.width) + b + 1,
      Float(mesh.clipRect.y + mesh.clipRect.height) + b + 1)
    for v in mesh.vertices {
      guard v.position.isFinite else { return "non-finite vertex \(v)" }
      guard v.x >= lo.x, v.y >= lo.y, v.x <= hi.x, v.y <= hi.y else {
        return "vertex past the clip bounds \(v)"
      }
    }
    guard mesh.indices.count % 3 == 0 else { return "index count" }
    let n = UInt32(mesh.vertices.count)
    for t in 0..<mesh.triangleCount {
      let i = mesh.indices[3 * t]
      let j = mesh.indices[3 * t + 1]
      let k = mesh.indices[3 * t + 2]
      guard i < n, j < n, k < n else { return "index out of range" }
      let a = mesh.vertices[Int(i)].position
      let area2 = (mesh.vertices[Int(j)].position - a).cross(mesh.vertices[Int(k)].position - a)
      guard area2 > Mesh.minimumDoubleArea else { return "degenerate or flipped triangle" }
    }
    return nil
  }
}

/// The types that write a stroke's cells: `CellWriter` and what it reads and writes.
extension StrokeEngine {
  /// A centre point beneath a region's rays: a segment's foot at parameter `param`, or a
  /// fan's centre, and its vertex.
  struct Foot {
    var param: Float
    var vertex: UInt32
  }

  /// The vertices of a region's first and last ray, where the region wrote them as computed
  /// (nil where it did not write them, or where `shared` may have moved them): the next
  /// region on the same line takes them (`continuation`).
  struct RegionEnds {
    var first: RayVertices?
    var last: RayVertices?
  }

  /// An end ray of a region: its first, or its last.
  struct EndRay {
    var region: Int
    var isLast: Bool
  }

  /// Room for values of one type, kept between strokes, so that stroking allocates nothing
  /// once it has grown; written and read by pointer. Unlike `MeshBuffer` it keeps no count
  /// (the engine stays within the size it copies without a call, see `rayBudget`).
  struct Scratch<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The heap block. A copy of the engine shares it only until either asks for room,
    /// which makes it its own first, hence the unchecked `Sendable`: no two owners ever
    /// write the same block.
    final class Storage {
      let base: UnsafeMutablePointer<Element>
      let capacity: Int

      init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
      }

      deinit { base.deallocate() }
    }

    private var storage: Storage?

    /// Room for `n` values, uninitialised, valid until the next call.
    @inline(__always)
    mutating func room(_ n: Int) -> UnsafeMutablePointer<Element> {
      if isKnownUniquelyReferenced(&storage), let block = storage, block.capacity >= n {
        return block.base
      }
      return reallocate(n)
    }

    /// A block of its own with room for `n`, growing geometrically.
    @inline(never)
    private mutating func reallocate(_ n: Int) -> UnsafeMutablePointer<Element> {
      let old = storage?.capacity ?? 0
      let fresh = Storage(capacity: Swift.max(n, n > old ? 2 * old : old, 16))
      storage = fresh
      return fresh.base
    }
  }

  /// The core and outer vertex of a written ray (the same vertex without a feather).
  struct RayVertices {
    var core: UInt32
    var outer: UInt32
  }

  /// The centre point last written exactly at a vertex of the path, and its vertex: the next
  /// region's centre shares it when it is the same point to the bit.
  struct Joint {
    var point: Point
    var vertex: UInt32
  }

  /// The ink of a stroke's vertices, packed (`Color.packed`): full, and clear (alpha 0).
  struct Ink {
    var full: UInt32
    var clear: UInt32
  }

  /// The cells no rounding can flip or flatten: one at least `width` wide whose triangles
  /// have at least twice `doubleArea` needs no check.
  struct RoundingBound {
    var width: Float
    var doubleArea: Float
  }

  /// The area scale of a free arc's inner rays (`Tolerance.chordAreaScale`) for the last
  /// chord angle worked out: a free arc's rays are spaced evenly, to rounding that moves
  /// the angle by under `sameAngle`, so it is worked out once per arc.
  struct ArcGrowth {
    var theta: Float = 0
    var scale: Float = 1

    /// Angles this close, relatively, are one spacing found twice.
    static let sameAngle: Float = 1e-6

    /// The area scale for chords of `theta` radians.
    @inline(__always)
    mutating func scale(forChord theta: Float) -> Float {
      if abs(theta - self.theta) > Self.sameAngle * theta {
        (self.theta, scale) = (theta, Tolerance.chordAreaScale(angle: theta))
      }
      return scale
    }
  }

  /// One ray as the side of a cell: where its core and outer vertices go, with what ink, how
  /// far its core reaches (`height`) and how deep its feather is (`depth`, infinite without
  /// one).
  struct RayEdge {
    var core: Point
    var outer: Point
    var outerInk: UInt32
    var height: Float
    var depth: Float
    var feather: Bool
    var direction: Point
    /// On a side, the least step between the centre points beneath the cell that ends here.
    var step: Float
  }

  /// A ray once written, as the next cell needs it: its vertices, the last centre point
  /// beneath it, its core height, feather depth and direction.
  struct WrittenRay {
    var vertices: RayVertices
    var centre: Int
    var height: Float
    var depth: Float
    var direction: Point
  }

  /// Writes a stroke's cells into room made in its mesh: the mesh writer, the stroke's band
  /// and ink, and the engine's rays and emission scratch by pointer (read and written without
  /// copies or checks in the loops).
  struct CellWriter {
    var w: MeshWriter
    let band: Band
    let antialias: Bool
    let shift: Point
    let ink: Ink
    /// How far a written vertex can stray from its exact place: a few float steps of the
    /// largest coordinate.
    let slop: Float
    let rays: UnsafeBufferPointer<Ray>
    /// The centre points beneath the region being written.
    let feet: UnsafeMutablePointer<Foot>
    /// By region, its end rays' vertices.
    let ends: UnsafeMutablePointer<RegionEnds>
    var growth: ArcGrowth
    var joint: Joint?

    /// `slop` as a fraction of the largest coordinate: at least 16 float steps (one is at
    /// most 2⁻²³ of it).
    static let slopFraction: Float = 0x1p-19
    /// Cells narrower than `slop` and this (in pixels) are checked: a floor near the origin,
    /// where float steps are tiny.
    static let widthMargin: Float = 1e-5
    /// A triangle's area is checked below this many times the least `orientedTriangle`
    /// keeps, plus what rounding can take from it.
    static let areaMargin: Float = 8
    /// The rounding of a cross product of two edges, as a fraction of their product: 8 float
    /// steps.
    static let productRounding: Float = 0x1p-20
    /// A fan's longest cell edge is under this many outer radii: twice its pushed-out outer
    /// radius (`StrokeEngine.largestGrowth`) and more.
    static let fanEdge: Float = 3
    /// Chords of a free arc under this angle (in radians) are not pushed out: √(θ / sin θ)
    /// differs from 1 by under 10⁻⁷ there.
    static let straightChord: Float = 1e-3
    /// Vertices closer than a millionth of a pixel (this is its square) with the same colour
    /// are shared.
    static let sameVertexSquared: Float = 1e-12

    var fullInk: Color { Color(packed: ink.full) }

    /// Feet closer than this may round to one point.
    var nearest: Float { slop + Self.widthMargin }

    /// The cells that need no check where the longest edge is at most `reach`: the least
    /// width, and twice the least area, that rounding cannot take away.
    func bound(reach: Float) -> RoundingBound {
      RoundingBound(
        width: slop + Self.widthMargin,
        doubleArea: Self.areaMargin * Mesh.minimumDoubleArea
          + reach * (slop + reach * Self.productRounding))
    }

    /// The vertex of a centre point at `p`: the joint's when it is the same point to the
    /// bit, else a new one.
    mutating func centreVertex(_ p: Point) -> UInt32 {
      if let joint, StrokeEngine.same(p, joint.point) { return joint.vertex }
      return w.vertex(p + shift, fullInk)
    }

    /// The ink of an outer vertex at `height` past the core (`Band.fade`).
    @inline(__always)
    func ink(atHeight h: Float) -> UInt32 {
      if band.outer <= band.core { return ink.full }
      // Most rays reach the outer edge, where the ink is clear: no scaling to work out.
      if h >= band.outer { return ink.clear }
      return fullInk.scaledAlpha(band.fade(atHeight: h)).packed
    }

    /// Whether the cell from `previous` to `edge` (whose last centre point is `centre`) is
    /// past `bound`, wide and large enough that rounding cannot flip or flatten it.
    @inline(__always)
    func isSafe(
      _ edge: RayEdge, centre: Int, after previous: WrittenRay, isSide: Bool,
      _ bound: RoundingBound
    ) -> Bool {
      let low = min(previous.height, edge.height)
      // (A side's ray on the same foot as the one before leaves the cell no width.)
      let wide =
        isSide
        ? (centre > previous.centre ? edge.step : 0)
        : low * abs(previous.direction.cross(edge.direction))
      // (Two-argument `min`s: the variadic one can leave an empty array behind in the loop.)
      let thinnest = min(min(low, previous.depth), edge.depth)
      return wide > bound.width && wide * thinnest > bound.doubleArea
    }

    /// Writes the vertices of `edge`, sharing the ray `before`'s where they coincide (when
    /// given: the cell is checked), and returns the written ray.
    @inline(__always)
    mutating func write(_ edge: RayEdge, centre: Int, after before: WrittenRay?) -> WrittenRay {
      let p = vertex(edge.core + shift, ink.full, sharing: before?.vertices.core)
      let q =
        edge.feather
        ? vertex(edge.outer + shift, edge.outerInk, sharing: before?.vertices.outer) : p
      return WrittenRay(
        vertices: RayVertices(core: p, outer: q), centre: centre, height: edge.height,
        depth: edge.depth, direction: edge.direction)
    }

    /// Writes the cell between rays `a` and `b`: the core cell, a fan from `a`'s core point
    /// over every centre point beneath it (the cell is convex; a side's centre points are
    /// collinear), and the feather.
    @inline(__always)
    mutating func writeCell(
      from a: WrittenRay, to b: WrittenRay, _ edge: RayEdge, positive: Bool, checked: Bool
    ) {
      let (pp, pq, p, q) = (a.vertices.core, a.vertices.outer, b.vertices.core, b.vertices.outer)
      if band.core > 0 {
        for k in a.centre..<b.centre {
          triangle(pp, feet[k].vertex, feet[k + 1].vertex, positive, checked)
        }
        triangle(pp, feet[b.centre].vertex, p, positive, checked)
      }
      if edge.feather { triangle(pp, p, q, positive, checked) }
      if a.depth < .infinity { triangle(pp, q, pq, positive, checked) }
    }

    /// Writes the vertex at `p` in `ink`, or, given a vertex `previous` to share, that one
    /// where it coincides (`shared`).
    @inline(__always)
    mutating func vertex(_ p: Point, _ ink: UInt32, sharing previous: UInt32?) -> UInt32 {
      guard let previous else { return w.vertex(p, Color(packed: ink)) }
      return shared(p, ink, previous)
    }

    /// Vertex `previous` when it lies within a millionth of a pixel of `p` in `ink`, else a new
    /// one. This and `oriented` are kept out of the loops, which seldom need them.
    @inline(never)
    mutating func shared(_ p: Point, _ ink: UInt32, _ previous: UInt32) -> UInt32 {
      let v = w[previous]
      if (v.position - p).dot(v.position - p) <= Self.sameVertexSquared, v.color.packed == ink {
        return previous
      }
      return w.vertex(p, Color(packed: ink))
    }

    /// Writes triangle `a b c` wound `positive`ly as given, or the other way round; when
    /// `checked`, wound by its area and dropped without one (`oriented`).
    @inline(__always)
    mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ positive: Bool, _ checked: Bool)
    {
      if checked {
        oriented(a, b, c)
      } else if positive {
        w.triangle(a, b, c)
      } else {
        w.triangle(a, c, b)
      }
    }

    @inline(never)
    mutating func oriented(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
      w.orientedTriangle(a, b, c)
    }
  }
}

import TickGeometry

/// Draws a `Mesh` into ARGB8888 pixels on the CPU, as SDL's renderers draw it with
/// `SDL_BLENDMODE_BLEND`: every pixel whose centre a triangle covers is blended with the
/// colour interpolated there, `dst = src · a + dst · (1 − a)` (alpha: `a + dstA · (1 − a)`).
///
/// The tessellator's output covers each point once, with triangles that share edges, so
/// coverage must be exact along those edges: a pixel centre on a shared edge blended twice
/// would show as a darker seam. As a GPU does, the rasterizer snaps vertices to a grid of
/// 1/256 px (`subpixelBits`) and decides coverage with integer edge functions and a
/// top-left rule: a centre exactly on an edge belongs to the triangle the edge bounds on
/// its top or left, and to no other.
///
/// Pure and deterministic: the same mesh over the same pixels gives the same bytes on any
/// thread.
public enum Rasterizer {
  /// Bits of sub-pixel precision vertices are snapped to: GL's minimum, and llvmpipe's.
  public static let subpixelBits = 8

  /// One pixel in sub-pixel units.
  static let one = Int64(1) << subpixelBits
  /// Half a pixel: where a pixel's centre lies from its corner.
  static let half = one / 2

  /// How far from the origin a vertex may lie, in pixels (2²⁰): the edge functions multiply two
  /// coordinate differences in 64-bit integers, which holds differences of up to 2³⁰
  /// sub-pixel units with room to spare. A triangle reaching past it is not drawn (meshes
  /// are clipped far inside it: `Mesh.guardBand`).
  static let coordinateLimit: Float = 1_048_576

  /// Draws `mesh` into the pixels at `base`, `stride` pixels a row: pixel `(x, y)` is
  /// `base[y * stride + x]`, in the mesh's coordinates. Only pixels inside `clip` are
  /// touched; the caller guarantees they are all in the buffer.
  public static func draw(
    _ mesh: Mesh, into base: UnsafeMutablePointer<UInt32>, stride: Int, clip: PixelRect
  ) {
    guard clip.width > 0, clip.height > 0 else { return }
    let target = Target(base: base, stride: stride, clip: clip)
    mesh.vertices.withUnsafeBufferPointer { v in
      mesh.indices.withUnsafeBufferPointer { i in
        var t = 0
        while t + 2 < i.count {
          let (a, b, c) = (Int(i[t]), Int(i[t + 1]), Int(i[t + 2]))
          t += 3
          guard a < v.count, b < v.count, c < v.count else { continue }
          fill(v[a], v[b], v[c], into: target)
        }
      }
    }
  }

  /// `draw(_:into:stride:clip:)` into an array of `width` pixels a row; the clip is kept
  /// inside the array.
  public static func draw(
    _ mesh: Mesh, into pixels: inout [UInt32], width: Int, clip: PixelRect
  ) {
    guard width > 0 else { return }
    let rows = pixels.count / width
    let x0 = max(clip.x, 0)
    let y0 = max(clip.y, 0)
    let x1 = min(clip.x + clip.width, width)
    let y1 = min(clip.y + clip.height, rows)
    guard x0 < x1, y0 < y1 else { return }
    pixels.withUnsafeMutableBufferPointer { p in
      draw(
        mesh, into: p.baseAddress!, stride: width,
        clip: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }
  }

  // MARK: - Triangles

  /// Where a triangle is drawn.
  struct Target {
    let base: UnsafeMutablePointer<UInt32>
    let stride: Int
    let clip: PixelRect
  }

  /// A vertex snapped to the sub-pixel grid.
  struct Snapped {
    var x: Int64
    var y: Int64
    /// The position before snapping, which colours are interpolated from.
    var position: SIMD2<Float>
    var color: SIMD4<Float>

    /// `v` snapped, or nil when it is not finite or lies past `coordinateLimit`.
    init?(_ v: Vertex) {
      guard abs(v.x) < coordinateLimit, abs(v.y) < coordinateLimit else { return nil }
      let scale = Float(one)
      x = Int64((v.x * scale).rounded(.toNearestOrEven))
      y = Int64((v.y * scale).rounded(.toNearestOrEven))
      position = SIMD2(v.x, v.y)
      color = SIMD4(Float(v.color.r), Float(v.color.g), Float(v.color.b), Float(v.color.a))
    }
  }

  /// Blends the triangle `a b c` (either winding) into `target`.
  static func fill(_ va: Vertex, _ vb: Vertex, _ vc: Vertex, into target: Target) {
    guard let a = Snapped(va), var b = Snapped(vb), var c = Snapped(vc) else { return }
    var area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    guard area != 0 else { return }
    if area < 0 {
      swap(&b, &c)
      area = -area
    }
    // Rows whose centres lie within the triangle's height, inside the clip.
    let clip = target.clip
    let top = max(clip.y, Int(ceilDiv(min(a.y, b.y, c.y) - half, one)))
    let bottom = min(clip.y + clip.height - 1, Int(floorDiv(max(a.y, b.y, c.y) - half, one)))
    guard top <= bottom else { return }
    // Coverage: each edge's side, exactly; colour: the shader's planes.
    let edges = (Edge(b, c), Edge(c, a), Edge(a, b))
    let shader = Shader(a, b, c)
    for y in top...bottom {
      let sy = Int64(y) * one + half
      var span = Span(lo: clip.x, hi: clip.x + clip.width - 1)
      edges.0.narrow(&span, atRow: sy)
      edges.1.narrow(&span, atRow: sy)
      edges.2.narrow(&span, atRow: sy)
      guard span.lo <= span.hi else { continue }
      let row = target.base + y * target.stride
      if let flat = shader.flat {
        for x in span.lo...span.hi { row[x] = blend(flat, over: row[x]) }
      } else {
        let start = shader.rowStart(y)
        for x in span.lo...span.hi {
          row[x] = blend(Shader.levels(start + shader.perX * Float(x)), over: row[x])
        }
      }
    }
  }

  /// The pixel columns of a row a triangle covers, `lo...hi` (empty when `lo > hi`).
  struct Span {
    var lo: Int
    var hi: Int
  }

  /// One directed edge `p → q` of a triangle wound so that its area is positive. Its
  /// function at a point `s`, `e(s) = dx · (s.y − py) − dy · (s.x − px)` (twice the area of
  /// `p q s`), is positive on the triangle's side: `s` is inside when `e(s) > 0`, or
  /// `e(s) == 0` on a top or left edge.
  struct Edge {
    let px: Int64
    let py: Int64
    let dx: Int64
    let dy: Int64
    /// 1 on a top or left edge, whose points are inside, else 0. A top edge runs left to
    /// right (`dy == 0, dx > 0`) and a left edge upwards (`dy < 0`), in the window's y-down
    /// coordinates; the same edge run the other way (the neighbour sharing it) is
    /// neither, so a centre on it is covered exactly once.
    let bias: Int64

    init(_ p: Snapped, _ q: Snapped) {
      px = p.x
      py = p.y
      dx = q.x - p.x
      dy = q.y - p.y
      bias = dy < 0 || (dy == 0 && dx > 0) ? 1 : 0
    }

    /// Narrows `span` to the columns whose centres on the row at `sy` are inside.
    ///
    /// Inside means `e(x · one + half, sy) + bias > 0`, that is `k − one · dy · x > 0`:
    /// solved for the whole `x` exactly, in integers.
    @inline(__always)
    func narrow(_ span: inout Span, atRow sy: Int64) {
      let k = dx * (sy - py) + dy * px - dy * half + bias
      if dy == 0 {
        if k <= 0 { span.hi = span.lo - 1 }
      } else if dy > 0 {
        span.hi = min(span.hi, Int(clamping: floorDiv(k - 1, one * dy)))
      } else {
        span.lo = max(span.lo, Int(clamping: ceilDiv(1 - k, -one * dy)))
      }
    }
  }

  /// A triangle's colour across the plane: each channel a linear function of the position,
  /// through the three vertices' colours at their unsnapped positions (as a GPU sets up
  /// its interpolation), evaluated at pixel centres.
  struct Shader {
    /// The colour at `origin`, and its change per pixel along x and along y.
    let base: SIMD4<Float>
    let origin: SIMD2<Float>
    let perX: SIMD4<Float>
    let perY: SIMD4<Float>
    /// The one colour, rounded, when all three vertices have it (no interpolation).
    let flat: SIMD4<UInt32>?

    init(_ a: Snapped, _ b: Snapped, _ c: Snapped) {
      base = a.color
      origin = a.position
      flat = a.color == b.color && b.color == c.color ? Self.levels(a.color) : nil
      let ab = b.position - a.position
      let ac = c.position - a.position
      let area = ab.x * ac.y - ab.y * ac.x
      // Snapping can give area to a triangle that has none unsnapped: then its colour is
      // the first vertex's (it covers a pixel centre at most along a line).
      guard area != 0, area.isFinite else {
        perX = .zero
        perY = .zero
        return
      }
      let db = (b.color - a.color) / area
      let dc = (c.color - a.color) / area
      perX = db * ac.y - dc * ab.y
      perY = dc * ab.x - db * ac.x
    }

    /// `c`'s channels clamped to 0…255 and rounded to whole levels, half to even, as a
    /// GPU converts to 8 bits. One lane at a time (the standard library converts a whole
    /// float vector to integers through a generic, slow path), and rounded without a
    /// library call: adding 2²³ to a value in 0…255 leaves it rounded in the low bits of
    /// the significand, by the default rounding mode.
    @inline(__always)
    static func levels(_ c: SIMD4<Float>) -> SIMD4<UInt32> {
      @inline(__always) func level(_ v: Float) -> UInt32 {
        (Swift.min(Swift.max(v, 0), 255) + 8_388_608).bitPattern & 0xFF
      }
      return SIMD4(level(c.x), level(c.y), level(c.z), level(c.w))
    }

    /// The colour at x = 0 on the line through the centres of row `y`: adding `perX · x`
    /// gives the colour at the centre of pixel `x`, `x + 0.5`.
    @inline(__always)
    func rowStart(_ y: Int) -> SIMD4<Float> {
      base + perX * (0.5 - origin.x) + perY * (Float(y) + 0.5 - origin.y)
    }
  }

  // MARK: - Blending

  /// `src` (r, g, b, a in 0…255) blended over the ARGB8888 pixel `dst`, in 8-bit
  /// arithmetic as a GPU blends into an 8-bit target: each product rounded to the nearest
  /// level.
  @inlinable
  public static func blend(_ src: SIMD4<UInt32>, over dst: UInt32) -> UInt32 {
    let sa = src.w
    if sa >= 255 { return 0xFF00_0000 | src.x << 16 | src.y << 8 | src.z }
    if sa == 0 { return dst }
    let keep = 255 - sa
    let d = SIMD4<UInt32>(dst >> 16 & 0xFF, dst >> 8 & 0xFF, dst & 0xFF, dst >> 24)
    let s = SIMD4<UInt32>(src.x, src.y, src.z, 255)
    // No channel passes 255: each product grows with its first factor, and with both at
    // 255 the two round to `sa` and `keep`, which sum to 255.
    let o = product(s, SIMD4(repeating: sa)) &+ product(d, SIMD4(repeating: keep))
    return o.w << 24 | o.x << 16 | o.y << 8 | o.z
  }

  /// `x · y / 255` rounded to the nearest whole number, for `x, y` in 0…255, without a
  /// division.
  @inlinable
  static func product(_ x: SIMD4<UInt32>, _ y: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let t = x &* y &+ SIMD4(repeating: 128)
    return (t &+ (t &>> 8)) &>> 8
  }

  // MARK: - Integer division

  /// `n / d` rounded down, for `d > 0`.
  @inline(__always)
  static func floorDiv(_ n: Int64, _ d: Int64) -> Int64 {
    let q = n / d
    return n % d != 0 && n < 0 ? q - 1 : q
  }

  /// `n / d` rounded up, for `d > 0`.
  @inline(__always)
  static func ceilDiv(_ n: Int64, _ d: Int64) -> Int64 {
    let q = n / d
    return n % d != 0 && n > 0 ? q + 1 : q
  }
}

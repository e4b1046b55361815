import TickGeometry
import TickScene

/// Where a sheet's sprites lie in one image: rows of `perRow` sprites, each
/// `spriteSize` square, sprite `i` at row `i / perRow`, column `i % perRow`.
public struct SpriteSheetLayout: Equatable, Sendable {
  public let spriteSize: Int
  public let perRow: Int
  public let count: Int

  /// The layout of `sheet`: square-ish, so that a row of sprites (one texture on the atlas
  /// path) stays small, and no wider than `maxWidth` pixels where a sprite fits in it.
  public init(sheet: SpriteSheet, maxWidth: Int) {
    let size = max(sheet.spriteSize, 1)
    var side = 1
    while side * side < sheet.count { side += 1 }
    spriteSize = size
    perRow = max(1, min(side, maxWidth / size))
    count = sheet.count
  }

  /// Rows of sprites.
  public var rows: Int { (count + perRow - 1) / perRow }
  /// The image's width and height in pixels.
  public var width: Int { perRow * spriteSize }
  public var height: Int { rows * spriteSize }

  /// The top-left pixel of sprite `index`.
  public func origin(of index: Int) -> (x: Int, y: Int) {
    ((index % perRow) * spriteSize, (index / perRow) * spriteSize)
  }
}

/// Renders a sprite sheet's sprites on the CPU: each look tessellated by
/// `FrameBuilder.draw` (the very geometry the direct path draws for a view) and rasterized
/// by `Rasterizer` over the scene's background, so that a sprite is opaque.
///
/// It holds its own builder and mesh and reads only values, so one renderer per thread may
/// run anywhere; the same sheet gives the same bytes on any thread, every time.
public struct SpriteSheetRenderer: Sendable {
  private var builder = FrameBuilder()
  private var mesh = Mesh()

  public init() {}

  /// Renders sprite `index` of `sheet` into the pixels at `origin`, `stride` pixels a row
  /// (the sprite's `spriteSize` square from there must be in the buffer).
  public mutating func render(
    _ index: Int, of sheet: SpriteSheet, into origin: UnsafeMutablePointer<UInt32>, stride: Int
  ) {
    let size = sheet.spriteSize
    let bg = sheet.key.style.background
    let fill = 0xFF00_0000 | UInt32(bg.r) << 16 | UInt32(bg.g) << 8 | UInt32(bg.b)
    for y in 0..<size { (origin + y * stride).update(repeating: fill, count: size) }
    tessellate(index, of: sheet)
    Rasterizer.draw(
      mesh, into: origin, stride: stride, clip: PixelRect(x: 0, y: 0, width: size, height: size))
  }

  /// The geometry of sprite `index`, in the sprite's own coordinates: what `render`
  /// rasterizes (for drawing the same sprite another way, to compare).
  public mutating func geometry(_ index: Int, of sheet: SpriteSheet) -> Mesh {
    tessellate(index, of: sheet)
    return mesh
  }

  /// Fills `mesh` with sprite `index`'s look, tessellated where the cell lies in the
  /// sprite and clipped to the sprite's square, as a view's geometry is to its paint rect.
  private mutating func tessellate(_ index: Int, of sheet: SpriteSheet) {
    let size = sheet.spriteSize
    let (look, mark) = sheet.look(at: index)
    mesh.removeAll()
    let offset = sheet.cellOffset
    builder.draw(
      look, at: Point(Float(offset), Float(offset)), size: Float(sheet.key.cell),
      style: sheet.key.style, mark: mark,
      within: PixelRect(x: -offset, y: -offset, width: size, height: size), into: &mesh)
    mesh.clip(fromVertex: 0, fromIndex: 0, to: PixelRect(x: 0, y: 0, width: size, height: size))
  }

  /// Renders sprites `range` of `sheet` into `pixels`, laid out by `layout`; stops early
  /// (returning false) as soon as `stop` says so, checked between sprites.
  @discardableResult
  public mutating func render(
    _ sheet: SpriteSheet, _ range: Range<Int>, layout: SpriteSheetLayout,
    into pixels: inout [UInt32], stop: () -> Bool = { false }
  ) -> Bool {
    precondition(
      layout.spriteSize == sheet.spriteSize && pixels.count >= layout.width * layout.height
        && range.upperBound <= layout.count,
      "SpriteSheetRenderer: the layout does not fit the sheet or the pixels")
    return pixels.withUnsafeMutableBufferPointer { p in
      for i in range {
        if stop() { return false }
        let o = layout.origin(of: i)
        render(i, of: sheet, into: p.baseAddress! + o.y * layout.width + o.x, stride: layout.width)
      }
      return true
    }
  }

  /// A buffer for `layout`'s image left as the allocator gives it: a large one comes
  /// straight from the kernel as untouched pages, so making it costs nothing until sprites
  /// are rendered into it (only rendered sprites are ever read from it).
  public static func uninitialisedPixels(_ layout: SpriteSheetLayout) -> [UInt32] {
    let n = layout.width * layout.height
    return [UInt32](unsafeUninitializedCapacity: n) { _, count in count = n }
  }
}

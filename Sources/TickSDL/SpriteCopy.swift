import TickScene

/// The compose path's inner loop: sprites copied from a read-back atlas into a frame in
/// memory, on raw pointers, so that `bench compose` times the very code the compositor
/// runs against a plain copy of the same rows.
public struct SpriteCopy {
  /// The atlas's pixels, `atlasWidth` a row, sprites `spriteSize` square, `perRow` a row.
  public let atlas: UnsafePointer<UInt32>
  public let atlasWidth: Int
  public let spriteSize: Int
  public let perRow: Int
  /// The side drawn on screen; when it is not `spriteSize`, `map[d]` is the source column
  /// and row that destination `d` samples.
  public let size: Int
  public let map: UnsafePointer<Int>

  public init(
    atlas: UnsafePointer<UInt32>, atlasWidth: Int, spriteSize: Int, perRow: Int, size: Int,
    map: UnsafePointer<Int>
  ) {
    self.atlas = atlas
    self.atlasWidth = atlasWidth
    self.spriteSize = spriteSize
    self.perRow = perRow
    self.size = size
    self.map = map
  }

  /// Copies `sprites` into `frame` (`width × height`), each clipped to it; returns the
  /// frame rows touched, or nil.
  public func copy(
    _ sprites: UnsafeBufferPointer<DrawList.SpriteDraw>, into frame: UnsafeMutablePointer<UInt32>,
    width w: Int, height h: Int
  ) -> Range<Int>? {
    let scaled = size != spriteSize
    var top = Int.max
    var bottom = Int.min
    for s in sprites {
      let x = Int(s.x)
      let y = Int(s.y)
      let x0 = max(x, 0)
      let y0 = max(y, 0)
      let x1 = min(x + size, w)
      let y1 = min(y + size, h)
      guard x0 < x1, y0 < y1 else { continue }
      let index = Int(s.index)
      let origin =
        atlas + (index / perRow) * spriteSize * atlasWidth + (index % perRow) * spriteSize
      let n = x1 - x0
      var dst = frame + y0 * w + x0
      if scaled {
        for row in y0..<y1 {
          let srcRow = origin + map[row - y] * atlasWidth
          for k in 0..<n { dst[k] = srcRow[map[x0 - x + k]] }
          dst += w
        }
      } else {
        var src = origin + (y0 - y) * atlasWidth + (x0 - x)
        if n <= 16 {
          // Small sprites: a plain loop beats a memmove call per 64-byte row.
          for _ in y0..<y1 {
            for k in 0..<n { dst[k] = src[k] }
            dst += w
            src += atlasWidth
          }
        } else {
          for _ in y0..<y1 {
            dst.update(from: src, count: n)
            dst += w
            src += atlasWidth
          }
        }
      }
      top = min(top, y0)
      bottom = max(bottom, y1)
    }
    return top < bottom ? top..<bottom : nil
  }
}

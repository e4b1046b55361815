import TickGeometry

/// Where one frame of an animation differs from the frame before: what an animated image
/// stores of each frame after the first.
public enum FrameChange {
  /// The smallest rectangle holding every pixel of `frame` whose bits under `mask` differ
  /// from `previous` (both ARGB8888, `width` a row); one pixel at the origin when none
  /// does, since no format takes an empty frame.
  public static func rect(
    from previous: [UInt32], to frame: [UInt32], width: Int, height: Int, mask: UInt32
  ) -> PixelRect {
    var (x0, y0, x1, y1) = (width, height, -1, -1)
    for y in 0..<height {
      let start = y * width
      for x in 0..<width where (frame[start + x] ^ previous[start + x]) & mask != 0 {
        x0 = min(x0, x)
        x1 = max(x1, x)
        y0 = min(y0, y)
        y1 = max(y1, y)
      }
    }
    return x1 < 0
      ? PixelRect(x: 0, y: 0, width: 1, height: 1)
      : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
  }
}

/// Why an animated image could not be written: what failed, and the file.
public struct ImageWriteFailure: Error, CustomStringConvertible {
  public var description: String

  public init(description: String) {
    self.description = description
  }
}

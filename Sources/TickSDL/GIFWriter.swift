import CGIF

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a looping animated GIF with giflib.
///
/// One palette serves every frame: giflib's median-cut quantiser (`GifQuantizeBuffer`)
/// runs once over all frames stacked, so a colour never shifts from one frame to the
/// next. Each frame after the first stores only the rectangle that changed, drawn over
/// the one before (disposal "do not dispose"), which keeps a gallery small.
///
/// Limits: 256 colours (GIF's own); the quantiser works on 5 bits per channel, so a
/// colour may come back up to a few levels off (`GIFWriterTests` bounds it); delays are
/// whole hundredths of a second, and browsers slow delays under 2 to 10.
public enum GIFWriter {
  /// Why a GIF could not be written.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Writes `frames` (ARGB8888, `width` a row; alpha ignored) to `path`, each shown for
  /// `delay` hundredths of a second, looping forever.
  public static func write(
    frames: [[UInt32]], width: Int, height: Int, delay: Int, to path: String
  ) throws(Failure) {
    guard !frames.isEmpty, width > 0, height > 0,
      frames.allSatisfy({ $0.count == width * height })
    else { throw Failure(description: "no frames, or frames of the wrong size") }
    let (indices, palette) = try quantize(frames, width: width, height: height)

    var error: Int32 = 0
    // Opened here rather than by EGifOpenFileName, which makes files only its owner can
    // read (0600): an image to share should be readable (0644, less the umask).
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else {
      throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    guard let gif = EGifOpenFileHandle(fd, &error) else {
      close(fd)
      throw Failure(description: "cannot write \(path): \(message(error))")
    }
    var closed = false
    defer { if !closed { EGifCloseFile(gif, &error) } }
    func check(_ rc: Int32, _ what: String) throws(Failure) {
      guard rc == GIF_OK else {
        throw Failure(description: "\(what) failed writing \(path): \(message(gif.pointee.Error))")
      }
    }
    EGifSetGifVersion(gif, true)
    guard let map = palette.withUnsafeBufferPointer({ GifMakeMapObject(256, $0.baseAddress) })
    else { throw Failure(description: "GifMakeMapObject failed") }
    defer { GifFreeMapObject(map) }
    try check(
      EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "EGifPutScreenDesc")
    // The NETSCAPE2.0 application extension: loop count 0, forever.
    try check(EGifPutExtensionLeader(gif, cgif_application_ext_func_code()), "loop extension")
    try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)), "loop extension")
    try check(EGifPutExtensionBlock(gif, 3, [1, 0, 0] as [UInt8]), "loop extension")
    try check(EGifPutExtensionTrailer(gif), "loop extension")

    let frameSize = width * height
    var row = [GifPixelType](repeating: 0, count: width)
    for k in 0..<frames.count {
      let base = k * frameSize
      let rect =
        k == 0
        ? (x: 0, y: 0, w: width, h: height)
        : changedRect(indices, base - frameSize, base, width: width, height: height)
      var gcb = GraphicsControlBlock(
        DisposalMode: cgif_disposal_do_not(), UserInputFlag: false, DelayTime: Int32(delay),
        TransparentColor: cgif_no_transparent_color())
      var ext = [GifByteType](repeating: 0, count: 4)
      let n = EGifGCBToExtension(&gcb, &ext)
      try check(
        EGifPutExtension(gif, cgif_graphics_ext_func_code(), Int32(n), ext), "frame delay")
      try check(
        EGifPutImageDesc(
          gif, Int32(rect.x), Int32(rect.y), Int32(rect.w), Int32(rect.h), false, nil),
        "EGifPutImageDesc")
      for y in rect.y..<(rect.y + rect.h) {
        let start = base + y * width + rect.x
        for x in 0..<rect.w { row[x] = indices[start + x] }
        try check(EGifPutLine(gif, &row, Int32(rect.w)), "EGifPutLine")
      }
    }
    closed = true
    guard EGifCloseFile(gif, &error) == GIF_OK else {
      throw Failure(description: "cannot finish \(path): \(message(error))")
    }
  }

  // MARK: - Private

  /// Every frame's palette indices, frames one after another, and the 256-colour palette.
  private static func quantize(_ frames: [[UInt32]], width: Int, height: Int)
    throws(Failure) -> ([GifByteType], [GifColorType])
  {
    let count = width * height * frames.count
    var r = [GifByteType](repeating: 0, count: count)
    var g = r
    var b = r
    var i = 0
    for frame in frames {
      for p in frame {
        r[i] = GifByteType(truncatingIfNeeded: p >> 16)
        g[i] = GifByteType(truncatingIfNeeded: p >> 8)
        b[i] = GifByteType(truncatingIfNeeded: p)
        i += 1
      }
    }
    var out = [GifByteType](repeating: 0, count: count)
    var palette = [GifColorType](repeating: GifColorType(), count: 256)
    var size: Int32 = 256
    let rc = GifQuantizeBuffer(
      UInt32(width), UInt32(height * frames.count), &size, &r, &g, &b, &out, &palette)
    guard rc == GIF_OK else { throw Failure(description: "GifQuantizeBuffer failed") }
    return (out, palette)
  }

  /// The smallest rectangle holding every pixel that differs between the frames at
  /// `a` and `b`; one pixel when none does (a GIF frame cannot be empty).
  private static func changedRect(
    _ px: [GifByteType], _ a: Int, _ b: Int, width: Int, height: Int
  ) -> (x: Int, y: Int, w: Int, h: Int) {
    var (x0, y0, x1, y1) = (width, height, -1, -1)
    for y in 0..<height {
      let row = y * width
      for x in 0..<width where px[a + row + x] != px[b + row + x] {
        x0 = min(x0, x)
        x1 = max(x1, x)
        y0 = min(y0, y)
        y1 = max(y1, y)
      }
    }
    return x1 < 0 ? (0, 0, 1, 1) : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
  }

  private static func message(_ code: Int32) -> String {
    GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
  }
}

import CGIF
import TickGeometry

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a looping animated GIF with giflib, a frame at a time: nothing but the frame
/// before is kept, so a GIF of any length takes the memory of two frames.
///
/// Each frame carries a colour table of its own, built from its pixels (`GIFPalette`):
/// exact when it has 256 colours or fewer, and otherwise exact for the colours it must
/// keep, with only the anti-aliased blends quantised. Each frame after the first stores only
/// the rectangle that changed, drawn over the one before (disposal "do not dispose"), which
/// keeps a gallery small.
///
/// Limits: 256 colours a frame (GIF's own); sides up to 65,535 pixels (GIF's 16-bit
/// sizes); delays are whole hundredths of a second, and browsers slow delays under 2 to 10.
public final class GIFWriter {
  /// Why a GIF could not be written.
  public typealias Failure = ImageWriteFailure

  /// GIF's largest width or height: sizes are 16-bit.
  public static let maxSide = 65_535

  private let path: String
  private let width: Int
  private let height: Int
  private let delay: Int
  private var gif: UnsafeMutablePointer<GifFileType>?
  /// The frame before, ARGB8888: where the next frame's changes are looked for.
  private var previous: [UInt32] = []
  private var row: [GifPixelType]

  /// Opens `path` for a GIF of `width` × `height` frames, each shown for `delay`
  /// hundredths of a second, looping forever.
  public init(path: String, width: Int, height: Int, delay: Int) throws(Failure) {
    guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
      throw Failure(
        description: "a GIF is 1–\(Self.maxSide) pixels a side, not \(width)x\(height)")
    }
    (self.path, self.width, self.height, self.delay) = (path, width, height, delay)
    row = [GifPixelType](repeating: 0, count: width)
    var error: Int32 = 0
    // Opened here rather than by EGifOpenFileName, which makes files only its owner can
    // read (0600): an image to share should be readable (0644, less the umask).
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else {
      throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    guard let gif = EGifOpenFileHandle(fd, &error) else {
      close(fd)
      throw Failure(description: "cannot write \(path): \(Self.message(error))")
    }
    self.gif = gif
    EGifSetGifVersion(gif, true)
    // No global colour table: every frame has its own.
    try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil), "EGifPutScreenDesc")
    // The NETSCAPE2.0 application extension: loop count 0, forever.
    try check(EGifPutExtensionLeader(gif, cgif_application_ext_func_code()), "loop extension")
    try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)), "loop extension")
    try check(EGifPutExtensionBlock(gif, 3, [1, 0, 0] as [UInt8]), "loop extension")
    try check(EGifPutExtensionTrailer(gif), "loop extension")
  }

  deinit {
    if let gif {
      var error: Int32 = 0
      EGifCloseFile(gif, &error)
    }
  }

  /// Adds `frame` (ARGB8888, `width` a row; alpha ignored), keeping each of `exact`
  /// (`0xRRGGBB`) it holds exactly, whatever else it holds.
  public func add(_ frame: [UInt32], exact: [UInt32]) throws(Failure) {
    guard let gif else { throw Failure(description: "\(path) is already finished") }
    guard frame.count == width * height else {
      throw Failure(description: "a frame of \(frame.count) pixels, not \(width)x\(height)")
    }
    // GIF has no alpha: only colour changes count.
    let rect =
      previous.isEmpty
      ? PixelRect(x: 0, y: 0, width: width, height: height)
      : FrameChange.rect(from: previous, to: frame, width: width, height: height, mask: 0xFF_FFFF)
    var pixels: [UInt32] = []
    pixels.reserveCapacity(rect.width * rect.height)
    for y in rect.y..<(rect.y + rect.height) {
      pixels += frame[(y * width + rect.x)..<(y * width + rect.x + rect.width)]
    }
    let palette = GIFPalette(pixels, exact: exact)
    let table = palette.padded.map {
      GifColorType(
        Red: GifByteType($0 >> 16), Green: GifByteType(($0 >> 8) & 0xFF),
        Blue: GifByteType($0 & 0xFF))
    }
    guard
      let map = table.withUnsafeBufferPointer({ GifMakeMapObject(Int32($0.count), $0.baseAddress) })
    else { throw Failure(description: "GifMakeMapObject failed") }
    defer { GifFreeMapObject(map) }
    var gcb = GraphicsControlBlock(
      DisposalMode: cgif_disposal_do_not(), UserInputFlag: false, DelayTime: Int32(delay),
      TransparentColor: cgif_no_transparent_color())
    var ext = [GifByteType](repeating: 0, count: 4)
    let n = EGifGCBToExtension(&gcb, &ext)
    try check(EGifPutExtension(gif, cgif_graphics_ext_func_code(), Int32(n), ext), "frame delay")
    try check(
      EGifPutImageDesc(
        gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map),
      "EGifPutImageDesc")
    for y in 0..<rect.height {
      for x in 0..<rect.width {
        row[x] = palette.entry[pixels[y * rect.width + x] & 0xFF_FFFF]!
      }
      try check(EGifPutLine(gif, &row, Int32(rect.width)), "EGifPutLine")
    }
    previous = frame
  }

  /// Writes the GIF's end and closes the file.
  public func finish() throws(Failure) {
    guard let gif else { return }
    self.gif = nil
    var error: Int32 = 0
    guard EGifCloseFile(gif, &error) == GIF_OK else {
      throw Failure(description: "cannot finish \(path): \(Self.message(error))")
    }
  }

  // MARK: - Private

  private func check(_ rc: Int32, _ what: String) throws(Failure) {
    guard rc == GIF_OK else {
      let code = gif.map { $0.pointee.Error } ?? 0
      throw Failure(description: "\(what) failed writing \(path): \(Self.message(code))")
    }
  }

  private static func message(_ code: Int32) -> String {
    GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
  }
}

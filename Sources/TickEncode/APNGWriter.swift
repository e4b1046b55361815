import CZlib
import TickGeometry

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a looping animated PNG (APNG), a frame at a time, with every pixel exact: 8-bit
/// RGBA, deflated by zlib, so any number of colours survives (GIF keeps 256).
///
/// The chunks follow the APNG specification (Mozilla's, adopted into PNG's third edition):
/// `acTL` gives the frame count and loops forever, each frame has an `fcTL` (its rectangle
/// and delay), the first frame's pixels are the `IDAT` a plain PNG viewer shows, and the
/// others are `fdAT`. Frames after the first store only the rectangle that changed, which
/// replaces what was there (blend "source", dispose "none"): a decoder's composite is the
/// frame exactly.
///
/// Limits: the frame count is given up front (`acTL` comes before the frames), and the
/// image is at most `maxSide` pixels a side.
public final class APNGWriter {
  /// The largest width or height written: PNG allows 2³¹ − 1, but a frame is deflated in
  /// memory whole, and export's own limit is far below this.
  public static let maxSide = 65_535

  private let path: String
  private let width: Int
  private let height: Int
  private let frameCount: Int
  private let delayMilliseconds: Int
  private var file: UnsafeMutablePointer<FILE>?
  private var written = 0
  /// APNG numbers `fcTL` and `fdAT` chunks in one sequence from 0.
  private var sequence: UInt32 = 0
  /// The frame before, ARGB8888: where the next frame's changes are looked for.
  private var previous: [UInt32] = []

  /// Opens `path` for `frameCount` frames of `width` × `height`, each shown for
  /// `delayMilliseconds`, looping forever.
  public init(
    path: String, width: Int, height: Int, frameCount: Int, delayMilliseconds: Int
  ) throws(ImageWriteFailure) {
    guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
      throw ImageWriteFailure(
        description: "an APNG is 1–\(Self.maxSide) pixels a side, not \(width)x\(height)")
    }
    guard frameCount > 0, delayMilliseconds > 0 else {
      throw ImageWriteFailure(description: "an APNG needs at least one frame and a delay")
    }
    (self.path, self.width, self.height) = (path, width, height)
    (self.frameCount, self.delayMilliseconds) = (frameCount, delayMilliseconds)
    guard let file = fopen(path, "wb") else {
      throw ImageWriteFailure(
        description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    self.file = file
    try put(Self.signature)
    var header = PNGBytes()
    header.u32(UInt32(width))
    header.u32(UInt32(height))
    header.bytes([Self.bitDepth, Self.colourTypeRGBA, 0, 0, 0])
    try chunk("IHDR", header.data)
    var control = PNGBytes()
    control.u32(UInt32(frameCount))
    control.u32(0)  // plays: 0 loops forever
    try chunk("acTL", control.data)
  }

  deinit {
    if let file { fclose(file) }
  }

  /// Adds `frame` (ARGB8888, `width` a row).
  public func add(_ frame: [UInt32]) throws(ImageWriteFailure) {
    guard file != nil else { throw ImageWriteFailure(description: "\(path) is already finished") }
    guard frame.count == width * height else {
      throw ImageWriteFailure(
        description: "a frame of \(frame.count) pixels, not \(width)x\(height)")
    }
    guard written < frameCount else {
      throw ImageWriteFailure(description: "\(path) was opened for \(frameCount) frames")
    }
    let rect =
      previous.isEmpty
      ? PixelRect(x: 0, y: 0, width: width, height: height)
      : FrameChange.rect(from: previous, to: frame, width: width, height: height, mask: ~0)
    try frameControl(rect)
    let compressed = try deflate(PNGRows.filtered(frame, rowLength: width, rect: rect))
    if previous.isEmpty {
      try chunk("IDAT", compressed)
    } else {
      var data = PNGBytes()
      data.u32(nextSequence())
      data.bytes(compressed)
      try chunk("fdAT", data.data)
    }
    previous = frame
    written += 1
  }

  /// Writes the end and closes the file; the frames added must be the count promised.
  public func finish() throws(ImageWriteFailure) {
    guard let file else { return }
    guard written == frameCount else {
      throw ImageWriteFailure(
        description: "\(path): \(written) frames added of the \(frameCount) announced")
    }
    try chunk("IEND", [])
    self.file = nil
    guard fclose(file) == 0 else {
      throw ImageWriteFailure(
        description: "cannot finish \(path): \(String(cString: strerror(errno)))")
    }
  }

  // MARK: - Private

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// Eight bits a channel: the frames' own depth.
  static let bitDepth: UInt8 = 8
  /// PNG colour type 6, RGB with alpha: the frames' ARGB8888 without loss.
  static let colourTypeRGBA: UInt8 = 6
  /// `fcTL`'s dispose op "none" and blend op "source": a frame's rectangle replaces what
  /// was there, and stays for the next.
  static let disposeNone: UInt8 = 0
  static let blendSource: UInt8 = 0

  private func nextSequence() -> UInt32 {
    defer { sequence += 1 }
    return sequence
  }

  private func frameControl(_ rect: PixelRect) throws(ImageWriteFailure) {
    var control = PNGBytes()
    control.u32(nextSequence())
    for v in [rect.width, rect.height, rect.x, rect.y] { control.u32(UInt32(v)) }
    control.u16(UInt16(delayMilliseconds))
    control.u16(1000)  // the delay's denominator: milliseconds
    control.bytes([Self.disposeNone, Self.blendSource])
    try chunk("fcTL", control.data)
  }

  private func deflate(_ raw: [UInt8]) throws(ImageWriteFailure) -> [UInt8] {
    var size = compressBound(uLong(raw.count))
    var out = [UInt8](repeating: 0, count: Int(size))
    let rc = out.withUnsafeMutableBufferPointer { o in
      raw.withUnsafeBufferPointer { r in
        compress2(o.baseAddress, &size, r.baseAddress, uLong(r.count), Z_DEFAULT_COMPRESSION)
      }
    }
    guard rc == Z_OK else {
      throw ImageWriteFailure(description: "zlib failed (\(rc)) compressing a frame of \(path)")
    }
    out.removeSubrange(Int(size)...)
    return out
  }

  /// One chunk: its length, type, data and the CRC-32 of type and data.
  private func chunk(_ type: String, _ data: [UInt8]) throws(ImageWriteFailure) {
    var head = PNGBytes()
    head.u32(UInt32(data.count))
    let typeBytes = Array(type.utf8)
    head.bytes(typeBytes)
    var crc = crc32(0, typeBytes, uInt(typeBytes.count))
    crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
    var tail = PNGBytes()
    tail.u32(UInt32(truncatingIfNeeded: crc))
    try put(head.data)
    try put(data)
    try put(tail.data)
  }

  private func put(_ bytes: [UInt8]) throws(ImageWriteFailure) {
    guard let file else { return }
    let n = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    guard n == bytes.count else {
      throw ImageWriteFailure(
        description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }
}

/// Big-endian bytes, as PNG writes its numbers.
struct PNGBytes {
  var data: [UInt8] = []

  mutating func u32(_ v: UInt32) {
    data += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }

  mutating func u16(_ v: UInt16) {
    data += [UInt8(v >> 8), UInt8(v & 0xFF)]
  }

  mutating func bytes(_ b: [UInt8]) {
    data += b
  }
}

import CWebP

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a looping, lossless animated WebP with libwebp's animation encoder: every pixel
/// of every frame decodes exactly as it was given, in any number of colours.
///
/// The encoder keeps each frame compressed as it is added (finding the rectangle that
/// changed itself) and writes the file at `finish`. Limits: WebP's 16,383 pixels a side.
public final class WebPWriter {
  /// WebP's largest width or height: sizes are 14-bit.
  public static let maxSide = 16_383
  /// Lossless effort from 0 to 100: 50 is libwebp's middle, a small file in a few ms for a
  /// frame of a styles gallery; the output is lossless at any effort.
  static let effort: Float = 50

  private let path: String
  private let width: Int
  private let height: Int
  private let delayMilliseconds: Int
  private var encoder: OpaquePointer?
  private var config = WebPConfig()
  private var timestamp = 0

  /// Opens an encoder for frames of `width` × `height`, each shown for
  /// `delayMilliseconds`, looping forever; `path` is written at `finish`.
  public init(path: String, width: Int, height: Int, delayMilliseconds: Int)
    throws(ImageWriteFailure)
  {
    guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
      throw ImageWriteFailure(
        description: "a WebP is 1–\(Self.maxSide) pixels a side, not \(width)x\(height)")
    }
    (self.path, self.width, self.height) = (path, width, height)
    self.delayMilliseconds = delayMilliseconds
    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
      throw ImageWriteFailure(description: "libwebp's version does not match its headers")
    }
    options.anim_params.loop_count = 0  // forever
    options.allow_mixed = 0  // every frame lossless
    config.lossless = 1
    config.exact = 1  // keep the colour of transparent pixels too
    config.quality = Self.effort
    guard WebPValidateConfig(&config) != 0,
      let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options)
    else {
      throw ImageWriteFailure(description: "cannot start a WebP encoder for \(path)")
    }
    self.encoder = encoder
  }

  deinit {
    if let encoder { WebPAnimEncoderDelete(encoder) }
  }

  /// Adds `frame` (ARGB8888, `width` a row: WebP's own pixel layout).
  public func add(_ frame: [UInt32]) throws(ImageWriteFailure) {
    guard let encoder else {
      throw ImageWriteFailure(description: "\(path) is already finished")
    }
    guard frame.count == width * height else {
      throw ImageWriteFailure(
        description: "a frame of \(frame.count) pixels, not \(width)x\(height)")
    }
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else {
      throw ImageWriteFailure(description: "libwebp's version does not match its headers")
    }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    guard WebPPictureAlloc(&picture) != 0 else {
      throw ImageWriteFailure(description: "out of memory for a \(width)x\(height) WebP frame")
    }
    defer { WebPPictureFree(&picture) }
    let stride = Int(picture.argb_stride)
    frame.withUnsafeBufferPointer { src in
      for y in 0..<height {
        (picture.argb + y * stride).update(from: src.baseAddress! + y * width, count: width)
      }
    }
    guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
      throw failure("adding a frame")
    }
    timestamp += delayMilliseconds
  }

  /// Assembles the animation and writes it to the file.
  public func finish() throws(ImageWriteFailure) {
    guard let encoder else { return }
    defer {
      WebPAnimEncoderDelete(encoder)
      self.encoder = nil
    }
    // A last, empty add gives the last frame its duration.
    guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else {
      throw failure("ending the frames")
    }
    var data = WebPData()
    WebPDataInit(&data)
    defer { WebPDataClear(&data) }
    guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw failure("assembling") }
    guard let file = fopen(path, "wb") else {
      throw ImageWriteFailure(
        description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    let n = fwrite(data.bytes, 1, data.size, file)
    let closed = fclose(file)
    guard n == data.size, closed == 0 else {
      throw ImageWriteFailure(
        description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  private func failure(_ what: String) -> ImageWriteFailure {
    let reason = encoder.flatMap { WebPAnimEncoderGetError($0) }.map { String(cString: $0) }
    return ImageWriteFailure(
      description: "libwebp failed \(what) for \(path): \(reason ?? "no reason given")")
  }
}

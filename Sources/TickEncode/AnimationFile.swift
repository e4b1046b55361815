import TickFiles

/// An animated image being written a frame at a time, in one of `ExportFormat`'s formats.
public final class AnimationFile {
  private enum Writer {
    /// GIF keeps `exact` (`0xRRGGBB`) colours exactly in every frame and quantises the rest.
    case gif(GIFWriter, exact: [UInt32])
    case webp(WebPWriter)
    case png(APNGWriter)
  }

  private let writer: Writer

  /// Opens `path` for `frameCount` frames of `width` × `height`, each shown for
  /// `delayMilliseconds` (GIF rounds it to hundredths), looping forever.
  public init(
    _ format: ExportFormat, path: String, width: Int, height: Int, frameCount: Int,
    delayMilliseconds: Int, exactColors: [UInt32]
  ) throws(ImageWriteFailure) {
    switch format {
    case .gif:
      let hundredths = Int((Double(delayMilliseconds) / 10).rounded())
      writer = .gif(
        try GIFWriter(path: path, width: width, height: height, delay: hundredths),
        exact: exactColors)
    case .webp:
      writer = .webp(
        try WebPWriter(
          path: path, width: width, height: height, delayMilliseconds: delayMilliseconds))
    case .png:
      writer = .png(
        try APNGWriter(
          path: path, width: width, height: height, frameCount: frameCount,
          delayMilliseconds: delayMilliseconds))
    }
  }

  /// Adds `frame` (ARGB8888, `width` a row).
  public func add(_ frame: [UInt32]) throws(ImageWriteFailure) {
    switch writer {
    case .gif(let w, let exact): try w.add(frame, exact: exact)
    case .webp(let w): try w.add(frame)
    case .png(let w): try w.add(frame)
    }
  }

  /// Writes what is left and closes the file.
  public func finish() throws(ImageWriteFailure) {
    switch writer {
    case .gif(let w, _): try w.finish()
    case .webp(let w): try w.finish()
    case .png(let w): try w.finish()
    }
  }
}

import CX11Shm
import TickGeometry

/// The window's pixels in memory shared with the X server (MIT-SHM): the compose path
/// writes its frame there on the CPU and puts the changed rectangles into the window, with
/// no renderer in between.
///
/// On Xvfb, putting a whole 1280×800 window costs about 0.6 ms, where the opengl renderer
/// on llvmpipe takes 6–10 ms to draw one window-sized texture and present it
/// (docs/performance.md, "Getting a frame to the window"): what a frame that changes everywhere
/// (a style switch, rain, a zoom) spent most of its time on.
final class SharedWindowImage {
  let width: Int
  let height: Int
  /// The pixels, 0x00RRGGBB (the top byte is not shown), `stride` a row.
  let pixels: UnsafeMutablePointer<UInt32>
  let stride: Int
  private let handle: OpaquePointer

  /// An image of `width × height` for SDL window `window`; nil when the window is not an
  /// X11 one, or the server cannot share memory with this process (`cx11_shm_create`).
  init?(window: OpaquePointer, width: Int, height: Int) {
    guard let h = cx11_shm_create(window, Int32(width), Int32(height)) else { return nil }
    guard let p = cx11_shm_pixels(h) else {
      cx11_shm_destroy(h)
      return nil
    }
    handle = h
    pixels = p
    stride = Int(cx11_shm_stride(h))
    self.width = width
    self.height = height
  }

  deinit { cx11_shm_destroy(handle) }

  /// Puts `rects`, clipped to the image, into the window, and waits until the server has
  /// taken them: the pixels may change again only after that.
  func put(_ rects: [PixelRect]) {
    let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
    for r in rects {
      guard let c = r.intersection(bounds) else { continue }
      cx11_shm_put(handle, Int32(c.x), Int32(c.y), Int32(c.width), Int32(c.height))
    }
    cx11_shm_sync(handle)
  }
}

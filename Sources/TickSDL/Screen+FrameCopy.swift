import CSDL2
import TickGeometry

/// What the window holds from one frame to the next, so that a frame copies into it only
/// what changed rather than every pixel.
///
/// On llvmpipe a copy of the whole 1280×800 window costs about 5–6 ms of a paced frame, a
/// band of 50 rows about 1.5 ms (docs/performance.md, "Getting a frame to the window"), and the
/// whole copy was most of every frame that changed little.
struct WindowMemory {
  /// Whether the window's pixels survive a present: probed when the screen is made
  /// (`Screen.probeKeepsPixels`). Mesa's software rasterisers copy the back buffer to the
  /// window and keep it; a GPU that flips buffers does not, and gets whole copies.
  let keepsPixels: Bool
  /// The frame source (a compositor or a backing store, by its `newFrameSource` number)
  /// whose whole frame the window last took, with every change copied since; nil when
  /// something else drew the window.
  var holder: Int?
  /// The number the next frame source gets: numbers are never reused, as an object's
  /// address may be.
  var nextSource = 0
  /// The output size when `holder` copied: a resized window keeps nothing.
  var heldWidth = 0
  var heldHeight = 0
  /// What was drawn over the held frame since the last copy (the HUD, toasts, the
  /// compose path's fallback geometry): the next copy restores it from the frame.
  var overdrawn: [PixelRect] = []
}

extension Screen {
  /// The most rectangles a frame copies one by one; beyond it their bounding box is
  /// copied. Each copy is a draw call of its own (a few µs), and many scattered changes
  /// (rain) cover most of the window anyway.
  static let copiesPerFrame = 32

  /// Copies `texture`, the frame of the window's size that `owner` keeps up to date, into
  /// the window: only `changed` and what was drawn over the window since the last copy,
  /// when the window still holds `owner`'s frame; every pixel otherwise (`changed` nil
  /// means everything changed). While a frame is drawn aside (`drawAside`) the whole frame
  /// is copied there and the window's memory is left alone.
  func copyFrame(_ texture: OpaquePointer, owner: Int, changed: [PixelRect]?) {
    if drawingAside {
      SDL_RenderCopy(renderer, texture, nil, nil)
      return
    }
    if let changed, memory.keepsPixels, memory.holder == owner, memory.heldWidth == width,
      memory.heldHeight == height, !isScaled
    {
      copyParts(texture, changed + memory.overdrawn)
    } else {
      SDL_RenderCopy(renderer, texture, nil, nil)
      memory.holder = owner
      memory.heldWidth = width
      memory.heldHeight = height
    }
    memory.overdrawn.removeAll(keepingCapacity: true)
  }

  /// Copies `parts` of `texture` to the same place in the window, clipped to it; their
  /// bounding box when there are more than `copiesPerFrame`.
  private func copyParts(_ texture: OpaquePointer, _ parts: [PixelRect]) {
    let bounds = windowRect
    for r in Self.coalesced(parts.compactMap { $0.intersection(bounds) }) {
      var rect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
      SDL_RenderCopy(renderer, texture, &rect, &rect)
    }
  }

  /// A number for a new frame source to pass to `copyFrame` as its `owner`.
  func newFrameSource() -> Int {
    memory.nextSource += 1
    return memory.nextSource
  }

  /// Whether the renderer's back buffer may not have the window's size yet, so that the
  /// frame check cannot judge this frame: in the frame after a resize, before anything is
  /// drawn into it, and while a resize waits in the event queue. Its read-back would come
  /// from a buffer of another size, and reading one before a draw had fitted it to the
  /// window crashed in Mesa's read-back, now and then, while a window was resized and
  /// paths switched. The X server's picture of such a frame is what the end-to-end tests
  /// look at. Asking pumps SDL's events: only the frame check asks.
  var backBufferSettling: Bool {
    route == .renderer && (resizedSincePresent || resizePending)
  }

  /// Forgets what the window holds: the next copy is whole. For whatever draws the window
  /// other than through `copyFrame`.
  func forgetWindow() { memory.holder = nil }

  /// Whether SDL scales the frame to the drawable (HiDPI): part copies would be resampled
  /// at their edges, so every copy is whole.
  private var isScaled: Bool {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_RenderGetLogicalSize(renderer, &w, &h)
    return w != 0 || h != 0
  }

  /// Runs `body`, a frame drawn and read back from scratch (the frame check's), and returns
  /// what it gives, leaving the window and what it holds as they were: on the renderer the
  /// frame is drawn into the window itself, as the live one is (a texture standing in for
  /// it may blend an edge one level apart on llvmpipe), and the window's pixels are put
  /// back after; on the shared route, into a buffer standing in for the image.
  func drawAside<T>(_ body: () throws(SDLError) -> T) throws(SDLError) -> T {
    drawingAside = true
    defer { drawingAside = false }
    guard route == .renderer else { return try body() }
    let kept = try readPixels()
    let result = try body()
    try putBack(kept)
    return result
  }

  /// Puts `pixels` (the window's, read back) into the window again, exactly: a streaming
  /// texture copied whole, with no blending.
  private func putBack(_ pixels: [UInt32]) throws(SDLError) {
    if putBackTexture == nil || putBackWidth != width || putBackHeight != height {
      if let old = putBackTexture { SDL_DestroyTexture(old) }
      putBackTexture = nil
      putBackTexture = try makeFrameTexture(
        SDL_TEXTUREACCESS_STREAMING, width: width, height: height, named: "put back")
      putBackWidth = width
      putBackHeight = height
    }
    let rc = pixels.withUnsafeBytes {
      SDL_UpdateTexture(putBackTexture, nil, $0.baseAddress, Int32(width * 4))
    }
    guard rc == 0 else { throw SDLError("SDL_UpdateTexture(put back)") }
    SDL_RenderCopy(renderer, putBackTexture, nil, nil)
  }

  /// Whether the window keeps its pixels from one present to the next: two colours
  /// presented in turn must each read back after their present, and the second again after
  /// a present with nothing drawn. A chain of flipped buffers reads back an older frame.
  static func probeKeepsPixels(_ renderer: OpaquePointer) -> Bool {
    var kept = true
    for (colour, draw) in [(UInt8(40), true), (UInt8(200), true), (UInt8(200), false)] {
      if draw {
        SDL_SetRenderDrawColor(renderer, colour, colour, colour, 255)
        SDL_RenderClear(renderer)
      }
      SDL_RenderPresent(renderer)
      var pixel: UInt32 = 0
      var rect = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
      let rc = SDL_RenderReadPixels(renderer, &rect, csdl_pixelformat_argb8888(), &pixel, 4)
      kept = kept && rc == 0 && pixel & 0xFF == UInt32(colour)
    }
    return kept
  }
}

extension PixelRect {
  init(_ r: SDL_Rect) {
    self.init(x: Int(r.x), y: Int(r.y), width: Int(r.w), height: Int(r.h))
  }
}

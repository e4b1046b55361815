import CSDL2
import TickCommandLine
import TickFrame
import TickGeometry

/// How a frame reaches the window.
public enum FrameRoute: String, Sendable {
  /// Drawn by the SDL renderer and shown by its present.
  case renderer
  /// Written on the CPU into a `SharedWindowImage` and put into the window: the compose
  /// path's frames on an X11 display that shares memory with this process.
  case shared
}

/// The CPU pixels a shared-route frame is written to.
struct CPUPixels {
  let base: UnsafeMutablePointer<UInt32>
  /// Pixels from one row's start to the next.
  let stride: Int
}

/// What the shared route keeps between frames (`Screen+Shared.swift`).
final class SharedRoute {
  /// Whether frames may take it: not on a hidden screen (its canvas is the renderer's),
  /// nor with `TICKPLAY_PRESENT_BY_RENDERER=1`.
  let allowed: Bool
  var image: SharedWindowImage?
  /// A size no image could be made for: not asked again until the window's size changes.
  var refused: PixelRect?
  /// What the image holds, as `Screen.memory` for the renderer's window.
  var memory = WindowMemory(keepsPixels: true)
  /// The parts of the image written this frame: what the next present puts.
  var puts: [PixelRect] = []
  /// Whether the window shows the image everywhere: the last present put it, and nothing
  /// has exposed the window since. Otherwise the next present puts all of it.
  var windowShowsImage = false
  /// The buffer standing in for the image while a frame is drawn aside, and its length.
  var aside: UnsafeMutablePointer<UInt32>?
  var asideCount = 0

  init(allowed: Bool) { self.allowed = allowed }

  deinit { aside?.deallocate() }
}

extension Screen {
  /// Sets the route of the frame about to be drawn: shared when `compose` (the compose
  /// path draws it) and the window can take a shared image of its size, else the renderer.
  public func chooseRoute(compose: Bool) {
    route = compose && sharedImageReady() ? .shared : .renderer
  }

  /// Whether a shared image of the window's size exists or could be made now.
  private func sharedImageReady() -> Bool {
    guard shared.allowed else { return false }
    if let image = shared.image, image.width == width, image.height == height { return true }
    let size = windowRect
    guard shared.refused != size else { return false }
    shared.image = nil
    shared.image = SharedWindowImage(window: window, width: width, height: height)
    shared.memory.holder = nil
    shared.windowShowsImage = false
    shared.refused = shared.image == nil ? size : nil
    return shared.image != nil
  }

  /// The pixels this shared-route frame is written to: the image, or while a frame is
  /// drawn aside the buffer standing in for it (window-sized, `width` a row).
  var cpuPixels: CPUPixels {
    if !drawingAside, let image = shared.image {
      return CPUPixels(base: image.pixels, stride: image.stride)
    }
    let count = width * height
    if let aside = shared.aside, shared.asideCount == count {
      return CPUPixels(base: aside, stride: width)
    }
    shared.aside?.deallocate()
    let aside = UnsafeMutablePointer<UInt32>.allocate(capacity: max(count, 1))
    (shared.aside, shared.asideCount) = (aside, count)
    return CPUPixels(base: aside, stride: width)
  }

  /// `copyFrame` for the shared route: copies rows of `frame` (window-sized, `width` a row,
  /// the frame source `owner` keeps) into the image — `changed` and what was drawn over
  /// the image since, when the image holds `owner`'s frame; all of it otherwise.
  func copyFrameShared(_ frame: UnsafePointer<UInt32>, owner: Int, changed: [PixelRect]?) {
    let target = cpuPixels
    let all = windowRect
    if drawingAside {
      Self.copy(all, from: frame, width: width, to: target)
      return
    }
    var parts = [all]
    let m = shared.memory
    if let changed, m.holder == owner, m.heldWidth == width, m.heldHeight == height {
      parts = Self.coalesced((changed + m.overdrawn).compactMap { $0.intersection(all) })
    } else {
      shared.memory.holder = owner
      shared.memory.heldWidth = width
      shared.memory.heldHeight = height
    }
    for p in parts { Self.copy(p, from: frame, width: width, to: target) }
    shared.puts += parts
    shared.memory.overdrawn.removeAll(keepingCapacity: true)
  }

  /// `rects`, or their bounding box when there are more than `copiesPerFrame`.
  static func coalesced(_ rects: [PixelRect]) -> [PixelRect] {
    guard rects.count > copiesPerFrame, let box = rects.boundingBox else { return rects }
    return [box]
  }

  /// Copies `rect` (inside the window) of `frame`, `width` a row, into `target`.
  private static func copy(
    _ rect: PixelRect, from frame: UnsafePointer<UInt32>, width: Int, to target: CPUPixels
  ) {
    for y in rect.y..<(rect.y + rect.height) {
      (target.base + y * target.stride + rect.x)
        .update(from: frame + y * width + rect.x, count: rect.width)
    }
  }

  /// Draws `mesh` blended over this shared-route frame, on the CPU as SDL's renderers blend
  /// (`Rasterizer`); returns the pixels it may have touched.
  func drawMeshShared(_ mesh: Mesh) -> PixelRect? {
    guard let touched = mesh.pixelBounds?.intersection(windowRect) else { return nil }
    let target = cpuPixels
    Rasterizer.draw(mesh, into: target.base, stride: target.stride, clip: touched)
    if !drawingAside { shared.puts.append(touched) }
    return touched
  }

  /// The window's pixels, ARGB8888, of a shared-route frame.
  func readSharedPixels() -> [UInt32] {
    let target = cpuPixels
    let (w, h) = (width, height)
    return [UInt32](unsafeUninitializedCapacity: w * h) { px, count in
      guard let out = px.baseAddress else { return count = 0 }
      for y in 0..<h {
        (out + y * w).initialize(from: target.base + y * target.stride, count: w)
      }
      // The X server ignores the top byte; a read-back is opaque, as the renderer's is.
      for i in 0..<(w * h) { out[i] |= 0xFF00_0000 }
      count = w * h
    }
  }

  /// Puts what this shared-route frame wrote into the window: everything when the window
  /// may not show the image (the first shared frame, a frame after the renderer's present,
  /// an exposure).
  func presentShared(_ image: SharedWindowImage) {
    if resizedSincePresent, glRenderer != nil { keepRendererInStep() }
    image.put(shared.windowShowsImage ? Self.coalesced(shared.puts) : [windowRect])
    shared.puts.removeAll(keepingCapacity: true)
    shared.windowShowsImage = true
  }

  /// Swaps the renderer's buffers, untouched, in a frame that resized the window, before
  /// the shared image is put over all of it. Mesa's software driver learns the window's
  /// size only after a swap, and the shared route swaps nothing: a window resized meanwhile
  /// got the renderer's first frame after a switch to the direct path in a back buffer of
  /// the old size, put out of place, and the frames after it a new, black one but for the
  /// parts they copied. The swap puts the old buffer for the moment before the shared put
  /// covers it (about 0.6 ms at 1280×800).
  private func keepRendererInStep() {
    SDL_RenderPresent(renderer)
    shared.windowShowsImage = false
  }

  /// Notes exposures of the window (SDL_WINDOWEVENT_EXPOSED): its pixels may be gone, and
  /// the next shared present puts them all again. SDL calls the watch as events arrive.
  static let exposureWatch: SDL_EventFilter = { userdata, event in
    guard let userdata, let event,
      event.pointee.type == SDL_WINDOWEVENT.rawValue,
      event.pointee.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
    else { return 1 }
    Unmanaged<SharedRoute>.fromOpaque(userdata).takeUnretainedValue().windowShowsImage = false
    return 1
  }

  /// Whether the environment turns the shared route off.
  static var sharedRouteAllowed: Bool { !EnvironmentVariable.presentByRenderer.isOn }
}

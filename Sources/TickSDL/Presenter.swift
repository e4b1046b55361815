import CSDL2
import TickScene

/// Runs one of the three render paths over a scene, and switches between them.
///
/// It owns the atlas (built again when the scene's sprite key changes: style, size,
/// colours, timing) and the compose path's frame. When a sheet cannot be built (a zoom so
/// large the sheet passes `SpriteAtlas.byteLimit`), it draws with the direct path and
/// says why in `note`.
public final class Presenter {
  private let screen: Screen
  /// The path asked for (`auto` allowed).
  public private(set) var requested: RenderPath
  /// The path running.
  public private(set) var path: RenderPath = .direct
  private var atlas: SpriteAtlas?
  private var compositor: Compositor?
  /// The sprite key whose sheet could not be built: that scene draws directly.
  private var failedKey: SpriteSheet.Key?
  /// Why the running path differs from the requested one, if it does.
  public private(set) var note: String?

  public init(screen: Screen, requested: RenderPath) {
    self.screen = screen
    self.requested = requested
  }

  /// The path `auto` picks on this screen.
  public var automatic: RenderPath {
    RenderPath.automatic(renderer: screen.rendererName, glRenderer: screen.glRenderer)
  }

  /// Asks for path `p` from the next frame on.
  public func request(_ p: RenderPath) { requested = p }

  /// Settles the path for this frame and returns the sheet the frame builder should use
  /// (nil for the direct path), building the atlas when the scene's sprite key changed.
  /// Any change of path or sheet asks the scene for a full redraw.
  public func sheet(for scene: inout Scene) -> SpriteSheet? {
    let wanted = requested == .auto ? automatic : requested
    var next = wanted
    if wanted != .direct {
      let key = scene.spriteKey
      if key == failedKey {
        next = .direct
      } else if atlas?.sheet.key != key || (wanted == .compose && atlas?.pixels.isEmpty != false) {
        atlas = nil
        do {
          atlas = try SpriteAtlas(
            screen: screen, sheet: SpriteSheet(key: key), readBack: wanted == .compose)
          note = nil
        } catch {
          failedKey = key
          note = "direct (\(error.message))"
          next = .direct
        }
        scene.invalidate()
      }
    }
    if next != path {
      path = next
      if path != .compose { compositor = nil }
      scene.invalidate()
    }
    return path == .direct ? nil : atlas?.sheet
  }

  /// Draws the frame's draw list by the running path (not yet presented).
  public func draw(_ list: DrawList) throws(SDLError) {
    switch path {
    case .direct, .auto: try screen.draw(list)
    case .atlas: try screen.draw(list, atlas: atlas)
    case .compose:
      if compositor == nil { compositor = try Compositor(screen: screen) }
      try compositor!.present(list, atlas: atlas)
    }
  }

  /// Seconds the last frame spent composing on the CPU (compose path).
  public var composeSeconds: Double { path == .compose ? compositor?.composeSeconds ?? 0 : 0 }

  /// Bytes the last frame uploaded to the GPU (the compose path's row band).
  public var bytesUploaded: Int { path == .compose ? compositor?.bytesUploaded ?? 0 : 0 }
}

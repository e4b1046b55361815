import CSDL2
import TickGeometry
import TickScene

/// The direct and atlas paths' memory of the window: a target texture of the window's
/// size that draw lists are executed into, then copied to the window: the rows they
/// changed, or the whole store when the window holds something else (`Screen.copyFrame`).
///
/// A store is made for one window size; after a resize the presenter makes a new one and
/// draws everything into it.
final class BackingStore {
  let width: Int
  let height: Int
  private let screen: Screen
  private let texture: OpaquePointer
  /// The store's number for `Screen.copyFrame`.
  private let source: Int
  /// Reused buffers: quads for the atlas path, and the clears as `SDL_Rect`s.
  private var quads = SpriteQuads()
  private var rects: [SDL_Rect] = []
  /// The views whose paint rects hold only their base (`FrameBuilder`, direct path).
  var bases = StoreBases()

  init(screen: Screen) throws(SDLError) {
    self.screen = screen
    texture = try screen.makeFrameTexture(
      SDL_TEXTUREACCESS_TARGET, width: screen.width, height: screen.height,
      named: "backing store")
    source = screen.newFrameSource()
    width = screen.width
    height = screen.height
  }

  deinit { SDL_DestroyTexture(texture) }

  /// Executes `list` into the store, then, when `show`, copies what it changed to the
  /// window (a store being drawn for a path not yet shown is not). Sprites (atlas path)
  /// are textured quads from `atlas`, one batched call per atlas row.
  func draw(_ list: DrawList, atlas: SpriteAtlas?, show: Bool = true) throws(SDLError) {
    let renderer = screen.renderer
    if !list.isEmpty {
      guard SDL_SetRenderTarget(renderer, texture) == 0 else {
        throw SDLError("SDL_SetRenderTarget")
      }
      let bg = list.background
      SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, 255)
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
      if list.fullRedraw { SDL_RenderClear(renderer) }
      fill(list.clears)
      if let atlas, !list.sprites.isEmpty {
        atlas.quads(for: list.sprites, size: list.spriteSize, into: &quads)
        for (row, batch) in quads.rows.enumerated() where !batch.indices.isEmpty {
          try screen.drawRaw(batch.vertices, batch.indices, texture: atlas.rowTextures[row])
        }
      }
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
      try screen.drawMesh(list.mesh)
      screen.targetWindow()
    }
    guard show else { return }
    screen.copyFrame(
      texture, owner: source, changed: list.fullRedraw ? nil : list.changedBounds.map { [$0] } ?? []
    )
    // The moving parts, over the window: marked overdrawn, so that the next frame's copy
    // puts the store's bases back under them.
    try screen.drawOverlayMesh(list.overlay)
  }

  /// Paints `clears` with the current draw colour, in one call.
  private func fill(_ clears: [PixelRect]) {
    guard !clears.isEmpty else { return }
    rects.removeAll(keepingCapacity: true)
    for r in clears {
      rects.append(SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height)))
    }
    SDL_RenderFillRects(screen.renderer, rects, Int32(rects.count))
  }
}

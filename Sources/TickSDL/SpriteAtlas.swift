import CSDL2
import TickGeometry
import TickScene

/// A sprite sheet's frames, tessellated once and rendered into one texture; for the
/// compose path also read back into memory.
///
/// Sprites are opaque: each is drawn over the scene's background, so copying one needs no
/// blending, on the GPU (atlas) or the CPU (compose).
public final class SpriteAtlas {
  public let sheet: SpriteSheet
  let texture: OpaquePointer
  /// Sprites per atlas row.
  let perRow: Int
  public let width: Int
  public let height: Int
  /// The atlas as ARGB8888 pixels, row by row (`width` per row); empty unless read back.
  public private(set) var pixels: [UInt32] = []

  /// The most memory a sheet may take; larger (very zoomed-in) scenes use the direct path.
  public static let byteLimit = 96 << 20

  /// Renders every sprite of `sheet`; with `readBack`, copies the pixels into memory too.
  public init(screen: Screen, sheet: SpriteSheet, readBack: Bool) throws(SDLError) {
    let size = sheet.spriteSize
    guard size > 0, sheet.count * size * size * 4 <= Self.byteLimit else {
      throw SDLError(
        "SpriteAtlas", message: "a \(sheet.count)-sprite sheet of \(size) px is too large")
    }
    let perRow = max(1, min(sheet.count, screen.maxTextureSize / size))
    let rows = (sheet.count + perRow - 1) / perRow
    guard rows * size <= screen.maxTextureSize else {
      throw SDLError("SpriteAtlas", message: "the sheet does not fit one texture")
    }
    self.sheet = sheet
    self.perRow = perRow
    width = perRow * size
    height = rows * size
    guard
      let t = SDL_CreateTexture(
        screen.renderer, csdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
        Int32(width), Int32(height))
    else { throw SDLError("SDL_CreateTexture(atlas)") }
    texture = t
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)

    // Tessellate every look at its place in the atlas, then draw them in one call.
    var builder = FrameBuilder()
    var mesh = Mesh()
    for i in 0..<sheet.count {
      let (look, mark) = sheet.look(at: i)
      let o = origin(of: i)
      let (v0, i0) = (mesh.vertices.count, mesh.indices.count)
      defer {
        mesh.clip(
          fromVertex: v0, fromIndex: i0,
          to: PixelRect(x: o.x, y: o.y, width: sheet.spriteSize, height: sheet.spriteSize))
      }
      builder.draw(
        look, at: Point(Float(o.x + sheet.cellOffset), Float(o.y + sheet.cellOffset)),
        size: Float(sheet.key.cell), style: sheet.key.style, mark: mark, into: &mesh)
    }
    let r = screen.renderer
    guard SDL_SetRenderTarget(r, t) == 0 else { throw SDLError("SDL_SetRenderTarget(atlas)") }
    defer { screen.targetWindow() }
    let bg = sheet.key.style.background
    SDL_SetRenderDrawColor(r, bg.r, bg.g, bg.b, 255)
    SDL_RenderClear(r)
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
    try screen.drawMesh(mesh)
    if readBack {
      var px = [UInt32](repeating: 0, count: width * height)
      let rc = px.withUnsafeMutableBytes { buf in
        SDL_RenderReadPixels(
          r, nil, csdl_pixelformat_argb8888(), buf.baseAddress, Int32(width * 4))
      }
      guard rc == 0 else { throw SDLError("SDL_RenderReadPixels(atlas)") }
      pixels = px
    }
  }

  deinit { SDL_DestroyTexture(texture) }

  /// The memory the sheet takes: its texture, and its pixels when read back.
  public var bytes: Int { width * height * 4 * (pixels.isEmpty ? 1 : 2) }

  /// The top-left of sprite `index` in the atlas.
  public func origin(of index: Int) -> (x: Int, y: Int) {
    ((index % perRow) * sheet.spriteSize, (index / perRow) * sheet.spriteSize)
  }

  /// Writes a textured quad per sprite into `quads` (replacing its contents).
  func quads(for sprites: [DrawList.SpriteDraw], into quads: inout SpriteQuads) {
    quads.vertices.removeAll(keepingCapacity: true)
    quads.indices.removeAll(keepingCapacity: true)
    let s = Float(sheet.spriteSize)
    let iw = 1 / Float(width)
    let ih = 1 / Float(height)
    let white = Color.white
    for d in sprites {
      let o = origin(of: Int(d.index))
      let x = Float(d.x)
      let y = Float(d.y)
      let u0 = Float(o.x) * iw
      let v0 = Float(o.y) * ih
      let u1 = (Float(o.x) + s) * iw
      let v1 = (Float(o.y) + s) * ih
      let base = UInt32(quads.vertices.count)
      quads.vertices.append(Vertex(x: x, y: y, color: white, u: u0, v: v0))
      quads.vertices.append(Vertex(x: x + s, y: y, color: white, u: u1, v: v0))
      quads.vertices.append(Vertex(x: x + s, y: y + s, color: white, u: u1, v: v1))
      quads.vertices.append(Vertex(x: x, y: y + s, color: white, u: u0, v: v1))
      quads.indices.append(contentsOf: [base, base + 1, base + 2, base, base + 2, base + 3])
    }
  }
}

/// Textured quads for the atlas path, in `SDL_Vertex` layout.
struct SpriteQuads {
  var vertices: [Vertex] = []
  var indices: [UInt32] = []
}

import TickScene

/// A path that draws into a backing store (direct, atlas): a store drawn elsewhere while
/// the compose path drew the window (`StoreHandover`) can become its own.
protocol StoreBackend: PathBackend where Target == BackingStore {
  /// Keeps `store`, drawn whole for this path, as its target.
  func adopt(_ store: BackingStore)
}

/// The direct path: changed views tessellated every frame and drawn with
/// `SDL_RenderGeometryRaw` into the backing store, which keeps which views hold only their
/// base (`StoreBases`), so that a tick animating over a settled disc is drawn alone, over
/// the window.
final class DirectBackend: StoreBackend {
  private var store = KeptTarget<BackingStore>()

  var composes: Bool { false }
  var drawsSprites: Bool { false }

  func prepare(on screen: Screen) throws(SDLError) -> PreparedTarget<BackingStore> {
    try store.prepare(on: screen)
  }

  func build(
    _ frame: PathFrame, into target: BackingStore, with builder: inout FrameBuilder,
    list: inout DrawList
  ) {
    builder.build(
      frame.scene, changes: frame.changes, full: frame.full, present: frame.present,
      keeping: &target.bases, into: &list)
  }

  func execute(_ list: DrawList, of frame: PathFrame, on target: BackingStore) throws(SDLError)
    -> PathCost
  {
    try target.draw(list, atlas: nil)
    return PathCost(cells: list.views)
  }

  func adopt(_ store: BackingStore) { self.store.adopt(store) }

  func release() { store.release() }
}

/// The atlas path: changed views are textured quads from the sheet's row textures, one
/// batched call a row, into the backing store. It uploads the sheet's sprites into those
/// textures a bounded amount a frame.
final class AtlasBackend: StoreBackend {
  private var store = KeptTarget<BackingStore>()

  /// The most bytes of sprites a frame uploads into the atlas path's textures (at least
  /// one row): llvmpipe takes about 1 ms a MB (`bench sheets`: 2.7 MB in 2.4–3.1 ms,
  /// textures made on the way), so a frame spends about 2 ms on it, and a sheet of 66-px
  /// sprites (3.3 MB) is in after two frames; a GPU takes it in a fraction of that.
  static let uploadBytesPerFrame = 2 << 20

  var composes: Bool { false }
  var drawsSprites: Bool { true }

  /// Uploads `sheet`'s rendered sprites not yet in its textures: `uploadBytesPerFrame`
  /// while frames go on, else all of them (a headless render draws each sheet whole).
  func upload(_ sheet: SpriteAtlas, inBackground: Bool) throws(SDLError) {
    try sheet.upload(budget: inBackground ? Self.uploadBytesPerFrame : .max)
  }

  func prepare(on screen: Screen) throws(SDLError) -> PreparedTarget<BackingStore> {
    try store.prepare(on: screen)
  }

  func build(
    _ frame: PathFrame, into target: BackingStore, with builder: inout FrameBuilder,
    list: inout DrawList
  ) {
    guard let sheet = frame.sheet else {
      // The presenter runs this path only with a sheet; without one a frame is what the
      // direct path draws.
      return builder.build(
        frame.scene, changes: frame.changes, full: frame.full, present: frame.present,
        keeping: &target.bases, into: &list)
    }
    builder.build(
      frame.scene, changes: frame.changes, full: frame.full, present: frame.present,
      sheet: sheet.sheet(for: .atlas), into: &list)
  }

  func execute(_ list: DrawList, of frame: PathFrame, on target: BackingStore) throws(SDLError)
    -> PathCost
  {
    try target.draw(list, atlas: frame.sheet)
    return PathCost(cells: list.views)
  }

  func adopt(_ store: BackingStore) { self.store.adopt(store) }

  func release() { store.release() }
}

/// How frames reach the screen (`--path`). See docs/architecture.md: three paths over one scene.
public enum RenderPath: String, CaseIterable, Sendable {
  /// Changed cells are tessellated every frame and drawn with `SDL_RenderGeometryRaw`
  /// into a backing-store texture.
  case direct
  /// Each look's frames are tessellated once into an atlas texture; changed cells are
  /// textured quads from it, in one batched call. The path for a real GPU.
  case atlas
  /// The same frames, read back once into memory; changed cells are copied into a CPU
  /// frame buffer and only the changed rows are uploaded. The path for llvmpipe and the
  /// software renderer.
  case compose
  /// Picks one for the renderer (the HUD names the choice).
  case auto

  /// The path `auto` picks: compose on the software renderer and on a GL renderer that
  /// runs on the CPU (llvmpipe, softpipe, swrast); atlas on a real GPU.
  public static func automatic(renderer: String, glRenderer: String?) -> RenderPath {
    if renderer == "software" { return .compose }
    let gl = (glRenderer ?? "").lowercased()
    let onCPU =
      gl.isEmpty || gl.contains("llvmpipe") || gl.contains("softpipe")
      || gl.contains("swrast") || gl.contains("software")
    return onCPU ? .compose : .atlas
  }
}

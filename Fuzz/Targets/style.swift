// Fuzz target `style`: a style file as `--style FILE.json` reads it, and the style it gives
// as play and render use it.

import TickCommandLine
import TickGeometry
import TickScene

/// The input is the style file. Refused: one line that names the file. Accepted: the
/// scene animates toward the style, takes it in a live reload in the middle of another
/// style's animation, and frames along both are drawn, with finite vertices only.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStyle(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let files = MemoryFiles(files: ["pop.json": inputBytes(data, size)])
  let args = [
    "render", "--out", "fuzz.png", "--style", "pop.json", "--grid", "2x1", "--select", "all",
    "--animate",
  ]
  switch files.parse(args) {
  case .failure(let error): requireOneLine(error, startingWith: "pop.json")
  case .success(let options): useStyle(options)
  }
  return 0
}

/// What the app does with a style once read: a scene built with it, and a live reload onto
/// it while the default style animates (`StyleWatcher`, `Scene.setStyle`).
func useStyle(_ options: LaunchOptions) {
  var builder = FrameBuilder()
  var fresh = Scene(options: options, softwareRenderer: false)
  drawAlong(&fresh, &builder)
  var plain = options
  plain.style = TickStyle()
  var reloaded = Scene(options: plain, softwareRenderer: false)
  reloaded.advance(steps: Int(reloaded.durationSteps / 2))
  var style = options.style
  style.antialias = reloaded.style.antialias
  reloaded.setStyle(style)
  drawAlong(&reloaded, &builder)
}

/// Frames drawn from scratch at points spread over the scene's transitions, then at their
/// end.
func drawAlong(_ scene: inout Scene, _ builder: inout FrameBuilder) {
  let points = 4
  var list = DrawList()
  for k in 0...points {
    let present = Double(scene.step) + Double(scene.durationSteps) * Double(k) / Double(points)
    builder.build(
      scene, changes: SceneChanges(everything: true), full: true, present: present, into: &list)
    requireFinite(list.mesh)
  }
  scene.advance(steps: Int(scene.durationSteps) + 1)
  builder.build(
    scene, changes: scene.takeChanges(), full: false, present: Double(scene.step),
    into: &list)
  requireFinite(list.mesh)
}

func requireFinite(_ mesh: Mesh) {
  for v in mesh.vertices {
    require(v.x.isFinite && v.y.isFinite, "a vertex at (\(v.x), \(v.y))")
  }
}

import Foundation
import TestSupport
import Testing
import TickSDL

/// `tools/bundle`'s archive where nothing but glibc is installed, and `tools/gpu-check` run
/// against it on a machine with no GPU.
///
/// The archive is built once per test run (`BundleBuild.shared`): a release build with the
/// Swift standard library linked in, in a scratch folder of its own, about a minute.
@Suite(.serialized) struct BundleTests {
  static let environment = ProcessInfo.processInfo.environment
  /// chroot and mounting /proc need root; CI runs as root.
  static let isRoot = getuid() == 0
  /// The render's window: small, so that the comparison is quick, with room for a few views.
  static let window = (width: 320, height: 200)
  /// The render's scene: half the views selected, each a full disc in the fill colour.
  static let renderArgs = [
    "render", "--window", "\(window.width)x\(window.height)", "--select", "checker",
  ]
  /// The fill colour of a selected view (`--fill-color`'s default, #2ecb94).
  static let fill: (r: Int, g: Int, b: Int) = (0x2e, 0xcb, 0x94)
  /// Fill pixels a non-blank render has at least: half of one 50-px disc (about 1,960 px).
  static let minimumFillPixels = 980
  /// What a run of tickplay in the root may take: a render takes well under a second.
  static let runTimeout: TimeInterval = 60
  /// What tools/gpu-check may take to say there is no GPU: its probe is a small bench frame.
  static let gpuCheckTimeout: TimeInterval = 120

  @Test(
    .enabled(
      if: environment["TICKPLAY_REQUIRE_E2E"] == "1",
      "runs under TICKPLAY_REQUIRE_E2E=1 (tools/test), where not being root fails"))
  func theBundleTestNeedsRoot() {
    #expect(Self.isRoot, "TICKPLAY_REQUIRE_E2E=1 but not root: the bundle's test needs chroot")
  }

  @Test(.enabled(if: isRoot, "needs root, for chroot and for mounting /proc in the root"))
  func theBundleRendersInARootWithNothingButGlibc() throws {
    let archive = try #require(BundleBuild.shared.archive, "\(BundleBuild.shared.failure)")
    let root = try GlibcRoot(Tickplay.temporaryDirectory("bundle-root"))
    try root.unpack(archive)
    try root.mountProc()
    defer { root.unmountProc() }
    let out = "/tmp/render.png"
    let rendered = try root.run(Self.renderArgs + ["--out", out], timeout: Self.runTimeout)
    #expect(
      rendered.status == 0, "render in the root exited \(rendered.status): \(rendered.stderr)")
    let image = try RGBAImage(contentsOf: root.path(out))
    #expect(image.width == Self.window.width && image.height == Self.window.height)
    #expect(Self.fillPixels(image) >= Self.minimumFillPixels, "the render is blank")
    // The same binary on this machine, with SDL's software renderer, which is what the root
    // has (it has no Mesa): the same picture, to the bit.
    let host = root.path("/tmp/host.png")
    let onHost = try runChild(
      root.path("/tickplay/tickplay"),
      Self.renderArgs + ["--renderer", "software", "--out", host],
      environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: Self.runTimeout)
    #expect(onHost.status == 0, "render on the host: \(onHost.stderr)")
    let same = ImageDiff(channelTolerance: 0, pixelBudget: 0)
      .compare(image, golden: try RGBAImage(contentsOf: host))
    #expect(same?.differing == 0, "the root's render differs from the host's software render")
  }

  @Test(.enabled(if: isRoot, "needs root, for chroot and for mounting /proc in the root"))
  func theBundlesFontsServeTheHUDInTheRoot() throws {
    let archive = try #require(BundleBuild.shared.archive, "\(BundleBuild.shared.failure)")
    let root = try GlibcRoot(Tickplay.temporaryDirectory("bundle-root"))
    try root.unpack(archive)
    try root.mountProc()
    defer { root.unmountProc() }
    let played = try root.run(
      ["play", "--window", "640x400", "--frames", "3", "--screenshot", "/tmp/play.png"],
      timeout: Self.runTimeout)
    #expect(played.status == 0, "play in the root exited \(played.status): \(played.stderr)")
    #expect(!played.stderr.contains("no HUD"), "the HUD found no font: \(played.stderr)")
    #expect(!played.stderr.contains("Fontconfig"), "fontconfig complained: \(played.stderr)")
    #expect(FileManager.default.fileExists(atPath: root.path("/tmp/play.png")))
  }

  @Test(.enabled(if: isRoot, "needs root, for chroot"))
  func withoutProcTheLauncherSaysSo() throws {
    let archive = try #require(BundleBuild.shared.archive, "\(BundleBuild.shared.failure)")
    let root = try GlibcRoot(Tickplay.temporaryDirectory("bundle-root"))
    try root.unpack(archive)
    let ran = try root.run(Self.renderArgs + ["--out", "/tmp/x.png"], timeout: Self.runTimeout)
    #expect(ran.status == 1)
    #expect(ran.stderr.contains("/proc is not mounted"), "\(ran.stderr)")
  }

  /// The clone's tools/gpu-check on the archive, and the bundle's own copy on its bundle.
  @Test func gpuCheckSaysThatNoGPUWasFound() throws {
    let archive = try #require(BundleBuild.shared.archive, "\(BundleBuild.shared.failure)")
    let unpacked = Tickplay.temporaryDirectory("bundle-unpacked")
    let tar = try runChild(
      try toolPath("tar"), ["-C", unpacked.path, "-xzf", archive.path], timeout: 60)
    #expect(tar.status == 0, "\(tar.stderr)")
    let clones = Tickplay.packageRoot.appendingPathComponent("tools/gpu-check").path
    let bundles = unpacked.appendingPathComponent("tickplay/gpu-check").path
    for (script, args) in [(clones, [archive.path]), (bundles, [])] {
      let began = Date()
      let checked = try runChild(script, args, timeout: Self.gpuCheckTimeout)
      #expect(checked.status == 3, "\(script) exited \(checked.status): \(checked.stderr)")
      #expect(checked.stderr.contains("no GPU found"), "\(checked.stderr)")
      #expect(checked.stdout.contains("\"step\":\"probe\""), "\(checked.stdout)")
      #expect(checked.stdout.contains("\"gpu\":false"), "\(checked.stdout)")
      #expect(!checked.stdout.contains("\"step\":\"bench"), "it went on to the benches")
      #expect(Date().timeIntervalSince(began) < Self.gpuCheckTimeout)
    }
  }

  @Test func theScriptsRefuseBadArguments() throws {
    let tools = Tickplay.packageRoot.appendingPathComponent("tools")
    for (script, args) in [
      ("bundle", [String]()), ("bundle", ["a", "b"]), ("bundle", ["--nope"]),
      ("gpu-check", []), ("gpu-check", ["--nope", "x"]), ("gpu-check", ["/no/such/bundle"]),
    ] {
      let r = try runChild(tools.appendingPathComponent(script).path, args, timeout: 30)
      #expect(r.status == 2, "tools/\(script) \(args) exited \(r.status)")
      #expect(r.stderr.contains("tools/\(script):"), "tools/\(script) \(args): \(r.stderr)")
    }
  }

  /// Pixels within a few steps of the fill colour.
  static func fillPixels(_ image: RGBAImage) -> Int {
    stride(from: 0, to: image.pixels.count, by: 4).filter { i in
      abs(Int(image.pixels[i]) - fill.r) < 8 && abs(Int(image.pixels[i + 1]) - fill.g) < 8
        && abs(Int(image.pixels[i + 2]) - fill.b) < 8
    }.count
  }
}

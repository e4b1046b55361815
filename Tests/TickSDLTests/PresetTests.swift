import Foundation
import TestSupport
import Testing
import TickSDL

/// Every preset in assets/scenes loads with `render --scene` and draws its window.
@Suite(.serialized) struct PresetTests {
  static let presets: [String] = {
    let dir = Tickplay.packageRoot.appendingPathComponent("assets/scenes")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  @Test func thePresetsAreThere() {
    for name in [
      "seed-demo.json", "default-grid.json", "styles-gallery.json", "stress-10k.json",
      "million.json",
    ] {
      #expect(Self.presets.contains(name), "\(name)")
    }
  }

  @Test(arguments: presets)
  func presetRenders(name: String) throws {
    let path = Tickplay.packageRoot.appendingPathComponent("assets/scenes/\(name)").path
    let out = Tickplay.temporaryDirectory("preset").appendingPathComponent("p.png").path
    let r = try Tickplay.run(["render", "--scene", path, "--out", out])
    #expect(r.status == 0, "\(name): \(r.stderr)")
    let img = try RGBAImage(contentsOf: out)
    // The window size comes from the preset; the frame is not blank.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    if let m = text.firstMatch(of: /"window": "(\d+)x(\d+)"/) {
      #expect(img.width == Int(m.1) && img.height == Int(m.2), "\(name)")
    }
    let distinct = Set(stride(from: 0, to: img.pixels.count, by: 4 * 97).map { img.pixels[$0] })
    #expect(distinct.count > 2, "\(name) looks blank")
  }
}

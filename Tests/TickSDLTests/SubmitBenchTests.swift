import Foundation
import TestSupport
import Testing

/// `bench submit` through the real binary, on the offscreen video driver: a line for each
/// layout on each renderer, well-formed, and every layout drawing the very pixels of the
/// direct path's own (the bench reads the target back after each and compares).
@Suite struct SubmitBenchTests {
  /// The layouts the bench times, today's first.
  static let variants = [
    "vertex-u32", "vertex-u16", "packed-u32", "expanded", "expanded-u32", "per-view",
  ]
  /// The fields every layout's line holds, and their JSON types.
  static let numbers = [
    "vertices", "indices", "calls", "triangles", "index_bytes", "prep_ms", "submit_ms_p50",
    "flush_ms_p50", "finish_ms_p50", "total_ms_p50", "ns_per_vertex", "submit_ratio",
    "total_ratio", "differing_pixels", "max_difference", "rounds",
  ]

  /// Rounds timed: the test checks the lines and the pictures, not the figures.
  static let rounds = 2

  @Test func everyLayoutDrawsTheSamePicture() throws {
    let r = try Tickplay.run(
      ["bench", "submit", "--views", "300", "--frames", "\(Self.rounds)"],
      environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 180)
    try #require(r.status == 0, "\(r.stderr)")
    let lines = try r.stdout.split(separator: "\n").map { line in
      try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
    #expect(lines.count == 2 * (Self.variants.count + 1), "\(r.stdout)")
    for renderer in ["opengl", "opengles2"] {
      let mine = lines.filter { $0["renderer"] as? String == renderer }
      #expect(mine.map { $0["variant"] as? String } == Self.variants + ["model"], "\(renderer)")
      try check(mine.filter { $0["variant"] as? String != "model" }, renderer)
      let model = try #require(mine.last)
      for key in ["ns_per_index", "ns_per_vertex", "ns_per_call", "total_ns_per_index"] {
        #expect(model[key] is Double || model[key] is Int, "\(renderer) model: \(key)")
      }
    }
  }

  /// One renderer's layout lines: their fields, the same triangles in each, and the same
  /// pixels.
  func check(_ lines: [[String: Any]], _ renderer: String) throws {
    let byName = Dictionary(
      uniqueKeysWithValues: lines.map { ($0["variant"] as? String ?? "", $0) })
    for line in lines {
      let name = "\(renderer) \(line["variant"] ?? "?")"
      #expect(line["bench"] as? String == "submit", "\(name)")
      for key in Self.numbers {
        #expect(line[key] is Double || line[key] is Int, "\(name): \(key) in \(line)")
      }
      #expect(line["differing_pixels"] as? Int == 0, "\(name) drew other pixels: \(line)")
      #expect(line["rounds"] as? Int == Self.rounds, "\(name)")
      #expect(line["triangles"] as? Int == byName["vertex-u32"]?["triangles"] as? Int, "\(name)")
    }
    let today = try #require(byName["vertex-u32"])
    let expanded = try #require(byName["expanded"])
    let indices = try #require(today["indices"] as? Int)
    #expect(indices > 0 && (today["vertices"] as? Int ?? 0) < indices)
    #expect(expanded["vertices"] as? Int == indices && expanded["indices"] as? Int == 0)
    #expect(expanded["ns_per_index"] is NSNull)
    #expect((byName["per-view"]?["calls"] as? Int ?? 0) >= 300, "one call a view")
    #expect(byName["vertex-u16"]?["index_bytes"] as? Int == 2)
  }

  /// A bad value, or an option bench submit does not take, exits 2 naming it.
  @Test func badOptionsExitTwoNamingThem() throws {
    for (args, option) in [
      (["--frames", "0"], "--frames"),
      (["--views", "0"], "--views"),
      (["--renderer", "vulkan"], "--renderer"),
      (["--path", "direct"], "--path"),
      (["--cell", "8"], "--cell"),
    ] {
      let r = try Tickplay.run(
        ["bench", "submit"] + args, environment: ["SDL_VIDEODRIVER": "offscreen"])
      #expect(r.status == 2, "\(args): \(r.stderr)")
      #expect(r.stderr.contains(option), "\(args): \(r.stderr)")
    }
  }
}

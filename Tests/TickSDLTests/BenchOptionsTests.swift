import Foundation
import TestSupport
import Testing

/// `bench` alone does what the options its help lists say.
@Suite struct BenchOptionsTests {
  /// The `triangles` of each JSON line `bench args…` prints.
  func triangles(_ args: [String]) throws -> [Int] {
    let r = try Tickplay.run(["bench"] + args)
    #expect(r.status == 0, "\(r.stderr)")
    return r.stdout.split(separator: "\n").compactMap { line in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["triangles"] as? Int
    }
  }

  @Test func antialiasingOffDrawsFewerTrianglesInEveryLine() throws {
    let base = ["--window", "120x120", "--cell", "20"]
    let on = try triangles(base)
    let off = try triangles(base + ["--aa", "off"])
    #expect(on.count == 2 && off.count == 2, "\(on) \(off)")
    // The tessellate line and the build line both follow --aa.
    for (a, b) in zip(on, off) { #expect(b < a, "\(a) triangles with anti-aliasing, \(b) without") }
  }
}

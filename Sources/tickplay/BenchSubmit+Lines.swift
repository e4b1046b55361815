import TickApp
import TickFiles
import TickSDL

extension BenchSubmit {
  /// One renderer's timings of every layout, and how each layout's picture differed from
  /// the first's.
  struct Measured {
    var renderer: String
    var gl: String
    var window: String
    var variants: [Variant]
    var differences: [PixelDifference] = []
    /// Each layout's draws, round by round.
    var times: [[SubmitTarget.Times]]

    init(renderer: String, gl: String, window: String, variants: [Variant]) {
      self.renderer = renderer
      self.gl = gl
      self.window = window
      self.variants = variants
      times = Array(repeating: [], count: variants.count)
    }

    /// A line for each layout, then the renderer's model line.
    func lines(_ frame: Frame) -> [JSONValue] {
      variants.indices.map { line($0, frame) } + [model(frame)]
    }

    /// The median of `part` of layout `i`'s draws, in seconds.
    func median(_ i: Int, _ part: (SubmitTarget.Times) -> Double) -> Double {
      Percentile.of(times[i].map(part), 0.5)
    }

    /// The median, over rounds, of `part` of layout `i`'s draw over today's in the same
    /// round: drawn moments apart, the two see the same load on a shared machine.
    func ratio(_ i: Int, _ part: (SubmitTarget.Times) -> Double) -> Double {
      Percentile.of(zip(times[i], times[0]).map { part($0) / max(part($1), 1e-9) }, 0.5)
    }

    /// Layout `i`'s line.
    func line(_ i: Int, _ frame: Frame) -> JSONValue {
      let v = variants[i]
      let g = v.geometry
      let submit = median(i, \.submit)
      let total = median(i, \.total)
      return [
        "bench": "submit", "renderer": .string(renderer), "gl": .string(gl),
        "window": .string(window), "views": .int(frame.views),
        "animating": .int(frame.animating), "variant": .string(v.name),
        "layout": .string(g.layout.rawValue), "index_bytes": .int(g.indexWidth.rawValue),
        "vertices": .int(g.vertexCount), "indices": .int(g.indexCount),
        "calls": .int(g.calls.count), "triangles": .int(g.drawnCount / 3),
        "prep_ms": ms(v.prep), "submit_ms_p50": ms(submit),
        "flush_ms_p50": ms(median(i, \.flush)), "finish_ms_p50": ms(median(i, \.finish)),
        "total_ms_p50": ms(total), "ns_per_index": ns(submit, g.indexCount),
        "ns_per_vertex": ns(submit, g.vertexCount),
        "total_ns_per_drawn_vertex": ns(total, g.drawnCount),
        "submit_ratio": ratioValue(ratio(i, \.submit)),
        "total_ratio": ratioValue(ratio(i, \.total)),
        "differing_pixels": .int(differences[i].pixels),
        "max_difference": .int(differences[i].largest), "rounds": .int(times[i].count),
      ]
    }

    /// The cost of one vertex stored, one index and one call, in ns: today's layout and
    /// the expanded one with indices differ only in the vertices stored (as many as
    /// indices there), the expanded ones with and without indices only in the indices
    /// (`ns_per_index_check`: what an index costs beyond writing its vertex out), and
    /// today's and one call a view only in the calls. SDL's part, and the whole draw's.
    func model(_ frame: Frame) -> JSONValue {
      let named = { (name: String) in variants.firstIndex { $0.name == name }! }
      let (today, expanded, identity, perView) = (
        named("vertex-u32"), named("expanded"), named("expanded-u32"), named("per-view")
      )
      let vertices = Double(variants[identity].geometry.vertexCount)
      let stored = Double(variants[today].geometry.vertexCount)
      let indices = Double(variants[today].geometry.indexCount)
      func perVertex(_ part: (SubmitTarget.Times) -> Double) -> Double {
        guard vertices > stored else { return 0 }
        return (median(identity, part) - median(today, part)) / (vertices - stored)
      }
      func perIndex(_ part: (SubmitTarget.Times) -> Double) -> Double {
        (median(today, part) - perVertex(part) * stored) / max(indices, 1)
      }
      let calls = variants[perView].geometry.calls.count
      let perCall: JSONValue =
        calls > 1
        ? nsValue((median(perView, \.submit) - median(today, \.submit)) / Double(calls - 1))
        : .null
      return [
        "bench": "submit", "renderer": .string(renderer), "gl": .string(gl),
        "views": .int(frame.views), "variant": "model",
        "ns_per_vertex": nsValue(perVertex(\.submit)), "ns_per_index": nsValue(perIndex(\.submit)),
        "ns_per_call": perCall,
        "ns_per_index_check": nsValue(
          (median(identity, \.submit) - median(expanded, \.submit)) / max(vertices, 1)),
        "ns_per_unindexed_vertex": ns(
          median(expanded, \.submit), variants[expanded].geometry.vertexCount),
        "total_ns_per_vertex": nsValue(perVertex(\.total)),
        "total_ns_per_index": nsValue(perIndex(\.total)),
      ]
    }
  }

  /// Seconds as milliseconds, to the microsecond.
  static func ms(_ seconds: Double) -> JSONValue { .fixed(seconds * 1e3, places: 3) }

  /// Seconds as nanoseconds, to a hundredth.
  static func nsValue(_ seconds: Double) -> JSONValue { .fixed(seconds * 1e9, places: 2) }

  /// Seconds over `n` things as nanoseconds each; null when there are none.
  static func ns(_ seconds: Double, _ n: Int) -> JSONValue {
    n > 0 ? nsValue(seconds / Double(n)) : .null
  }

  /// A ratio, to three places.
  static func ratioValue(_ r: Double) -> JSONValue { .fixed(r, places: 3) }
}

import TickApp
import TickCommandLine
import TickFiles
import TickSDL
import TickScene

/// `tickplay bench compose`: what the compose path pays to copy a changed view into its
/// frame, against a plain copy of the same rows (one `memcpy` a row, nothing else),
/// measured in the same run, interleaved, median of five rounds.
///
/// The sprites come from an atlas laid out as the app lays it (187 sprites, square-ish),
/// the views sit on a grid of the given pitch in a 1280×800 frame, and each view shows a
/// random sprite. One JSON line per case: cell sizes 8, 16 and 32 px with no gap and 50 px
/// with a 10-px gap; 1,000 and 10,000 views.
enum BenchCompose {
  static func run(_ options: LaunchOptions) -> Int32 {
    for (cell, gap) in [(8, 0), (16, 0), (32, 0), (50, 10)] {
      for n in [1_000, 10_000] {
        let line = measure(cell: cell, gap: gap, views: n, seed: options.seed)
        Console.out(line.text)
      }
    }
    return 0
  }

  static func measure(cell: Int, gap: Int, views n: Int, seed: UInt64) -> JSONValue {
    let size = cell + gap
    let count = 187
    var side = 1
    while side * side < count { side += 1 }
    let atlasWidth = side * size
    let atlasHeight = ((count + side - 1) / side) * size
    var rng = SplitMix64(seed: seed)
    let atlas = (0..<(atlasWidth * atlasHeight)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
    let (w, h) = (1280, 800)
    var frame = [UInt32](repeating: 0, count: w * h)
    let columns = max(1, w / size)
    let rows = max(1, h / size)
    var sprites: [DrawList.SpriteDraw] = []
    for k in 0..<n {
      let cellIndex = k % (columns * rows)
      let x = (cellIndex % columns) * size
      let y = (cellIndex / columns) * size
      let index = Int(rng.next() % UInt64(count))
      sprites.append(DrawList.SpriteDraw(x: Int32(x), y: Int32(y), index: Int32(index)))
    }
    let map = (0..<size).map { $0 }
    var copyNs: [Double] = []
    var plainNs: [Double] = []
    atlas.withUnsafeBufferPointer { a in
      map.withUnsafeBufferPointer { m in
        sprites.withUnsafeBufferPointer { s in
          frame.withUnsafeMutableBufferPointer { f in
            let copier = SpriteCopy(
              atlas: a.baseAddress!, atlasWidth: atlasWidth, spriteSize: size, perRow: side,
              size: size, map: m.baseAddress!)
            for _ in 0..<5 {
              copyNs.append(
                Bench.measure { reps in
                  for _ in 0..<reps {
                    _ = copier.copy(s, into: f.baseAddress!, width: w, height: h)
                  }
                } / Double(n))
              plainNs.append(
                Bench.measure { reps in
                  for _ in 0..<reps {
                    plainCopy(s, a.baseAddress!, atlasWidth, side, size, f.baseAddress!, w)
                  }
                } / Double(n))
            }
          }
        }
      }
    }
    let copy = Percentile.of(copyNs, 0.5)
    let plain = Percentile.of(plainNs, 0.5)
    return [
      "bench": "compose", "cell": .int(cell), "gap": .int(gap), "views": .int(n),
      "copy_ns_per_view": .fixed(copy, places: 1), "row_copy_ns_per_view": .fixed(plain, places: 1),
      "ratio": .fixed(copy / plain, places: 2),
    ]
  }

  /// The floor: each view's rows copied with `memcpy`, from the same atlas rows to the
  /// same frame rows, with nothing decided per view (the views here lie inside the frame).
  @inline(never)
  static func plainCopy(
    _ sprites: UnsafeBufferPointer<DrawList.SpriteDraw>, _ atlas: UnsafePointer<UInt32>,
    _ atlasWidth: Int, _ perRow: Int, _ size: Int, _ frame: UnsafeMutablePointer<UInt32>,
    _ w: Int
  ) {
    for s in sprites {
      let index = Int(s.index)
      var src = atlas + (index / perRow) * size * atlasWidth + (index % perRow) * size
      var dst = frame + Int(s.y) * w + Int(s.x)
      for _ in 0..<size {
        dst.update(from: src, count: size)
        dst += w
        src += atlasWidth
      }
    }
  }
}

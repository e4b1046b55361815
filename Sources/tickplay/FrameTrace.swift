import TickFiles

#if canImport(Glibc)
  import Glibc
#endif

/// `--trace FILE.json`: every frame's phases in Chrome's Trace Event Format, which
/// Perfetto (ui.perfetto.dev) and chrome://tracing open.
///
/// Each phase is a complete event (`"ph": "X"`) with its start and length in
/// microseconds; the frame's event holds its phases, so they nest. Counts go in `args`.
/// The loop only appends small structs; every ~half second the batch is handed to an
/// `AsyncWriter`, which formats and writes it on its own thread.
final class FrameTrace {
  /// One phase of one frame.
  struct Event: Sendable {
    var name: String
    var start: Double
    var duration: Double
    var args: [(String, Int)] = []
  }

  private let writer: AsyncWriter
  private let origin: Double
  private var pending: [Event] = []
  private var wroteAny = false
  private var framesSinceFlush = 0

  /// Creates (or truncates) `path`; times are measured from `origin` (seconds).
  init(path: String, origin: Double) throws(UsageError) {
    writer = try AsyncWriter.creating(path, for: "--trace")
    self.origin = origin
    pending.reserveCapacity(512)
    writer.submit(text: "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n")
  }

  /// Records a phase from `start` to `end` (seconds, the loop's clock).
  func add(_ name: String, from start: Double, to end: Double, _ args: [(String, Int)] = []) {
    pending.append(Event(name: name, start: start, duration: max(0, end - start), args: args))
  }

  /// Ends a frame: every 30 frames the events so far go to the writer.
  func frameDone() {
    framesSinceFlush += 1
    if framesSinceFlush >= 30 { flush() }
  }

  /// Writes what is pending, closes the array and the file.
  func close() {
    flush()
    writer.submit(text: "\n]}\n")
    writer.close()
  }

  // MARK: - Private

  private func flush() {
    framesSinceFlush = 0
    guard !pending.isEmpty else { return }
    let batch = pending
    pending.removeAll(keepingCapacity: true)
    let origin = origin
    let leadingComma = wroteAny
    wroteAny = true
    writer.submit {
      var out = ""
      for (i, e) in batch.enumerated() {
        if i > 0 || leadingComma { out += ",\n" }
        let args = e.args.map { JSONValue.Member(key: $0.0, value: .int($0.1)) }
        let fields: [(String, JSONValue)] = [
          ("name", .string(e.name)), ("cat", "frame"), ("ph", "X"),
          ("ts", .fixed((e.start - origin) * 1e6, places: 1)),
          ("dur", .fixed(e.duration * 1e6, places: 1)), ("pid", 1), ("tid", 1),
          ("args", .object(args)),
        ]
        let event = JSONValue.object(fields.map { JSONValue.Member(key: $0.0, value: $0.1) })
        event.write(into: &out)
      }
      return Array(out.utf8)
    }
  }
}

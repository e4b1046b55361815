import TickApp
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `--record FILE`: writes each input the scene receives as a replay script line, at the
/// step it was applied. Lines go to the file on a writer thread of their own (never
/// blocking the loop), in order, as soon as that thread runs; `close` (or the end of the
/// recorder) waits until all are written.
final class ScriptRecorder {
  private let writer: AsyncWriter
  private let hz: Int
  let path: String

  /// Creates (or truncates) `path` and writes a header comment.
  init(path: String, hz: Int) throws(UsageError) {
    writer = try AsyncWriter.creating(path, for: "--record")
    self.path = path
    self.hz = hz
    write("# tickplay replay script, recorded at --hz \(hz): TIME VERB ARGS\n")
  }

  deinit { writer.close() }

  /// Appends `input` as received at `step`.
  func record(_ input: InputEvent, step: Int64) {
    let event = ReplayScript.Event(
      time: ReplayScript.time(ofStep: step, hz: hz), verb: .input(input))
    write(ReplayScript.line(for: event) + "\n")
  }

  private func write(_ text: String) { writer.submit(text: text) }
}

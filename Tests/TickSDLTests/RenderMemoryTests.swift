import Foundation
import TestSupport
import Testing

/// `render` keeps bounded memory however long the scene time: a run of ten times the
/// toggles peaks at the same resident memory, and a run of more than a second says how
/// far it is on stderr.
@Suite struct RenderMemoryTests {
  /// What one run of `tickplay render` gave.
  struct Run {
    var status: Int32
    var stderr: String
    /// The child's peak resident memory (VmHWM), in KiB, as last read before it exited.
    var peakKiB: Int
  }

  /// Runs `render args…`, reading its peak resident memory from /proc until it exits
  /// (killed after `timeout` seconds).
  func render(_ args: [String], timeout: TimeInterval = 120) throws -> Run {
    let dir = Tickplay.temporaryDirectory("render-memory")
    let child = try ChildProcess(
      Tickplay.executable,
      ["render"] + args + ["--out", dir.appendingPathComponent("out.png").path])
    let status = "/proc/\(child.process.processIdentifier)/status"
    var peak = 0
    let deadline = Date().addingTimeInterval(timeout)
    while child.process.isRunning, Date() < deadline {
      // VmHWM only grows, so the last value read is the peak up to the end of stepping.
      if let text = try? String(contentsOfFile: status, encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
      {
        peak = max(peak, kib)
      }
      usleep(5_000)
    }
    if child.process.isRunning { child.process.terminate() }
    child.process.waitUntilExit()
    return Run(status: child.process.terminationStatus, stderr: child.stderr, peakKiB: peak)
  }

  /// Memory a run may gain with ten times the toggles: half of what 450,000 more toggles
  /// take if each is kept (17 MB, about 38 bytes each), and well over the noise of the
  /// allocator and the renderer (under 1 MB between 10 minutes and a day).
  static let allowedGrowthKiB = 8 * 1024

  @Test func tenTimesTheTogglesTakeNoMoreMemory() throws {
    let common = ["--rain", "10000", "--window", "320x200"]
    // 50,000 toggles, then 500,000.
    let short = try render(common + ["--time", "5"])
    let long = try render(common + ["--time", "50"])
    #expect(short.status == 0 && long.status == 0, "\(short.stderr) \(long.stderr)")
    #expect(short.peakKiB > 0 && long.peakKiB > 0, "VmHWM not read")
    #expect(
      long.peakKiB - short.peakKiB < Self.allowedGrowthKiB,
      "peak \(short.peakKiB) KiB at 5 s, \(long.peakKiB) KiB at 50 s")
    // Over a second of stepping (several seconds in a debug build): progress on stderr.
    #expect(long.stderr.contains("tickplay: render: scene time "), "\(long.stderr)")
  }
}

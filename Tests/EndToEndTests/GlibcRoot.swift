import Foundation
import TestSupport

/// A root folder that holds glibc's libraries, the host's `/bin/sh` (which needs nothing
/// else) and whatever a test unpacks into it, to run a program under `chroot` where nothing
/// else is installed.
struct GlibcRoot {
  let url: URL

  /// glibc's libraries, by soname: the ones a program may load from the host.
  static let glibcLibraries = [
    "libc.so.6", "libm.so.6", "libmvec.so.1", "libpthread.so.0", "libdl.so.2", "librt.so.1",
    "libresolv.so.2", "libutil.so.1", "libanl.so.1",
  ]
  /// The x86-64 ABI's program interpreter, the path every dynamically linked binary names.
  static let interpreter = "/lib64/ld-linux-x86-64.so.2"

  /// Why a root could not be made or used.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Makes the root in `url`: glibc at the host's paths, `/bin/sh`, and empty `/tmp` and
  /// `/proc`.
  init(_ url: URL) throws {
    self.url = url
    let host = try Self.hostLibraries()
    for name in Self.glibcLibraries {
      guard let path = host[name] else {
        if name == "libc.so.6" { throw Failure(description: "no libc.so.6 in ldconfig -p") }
        continue
      }
      try copyIn(path)
    }
    try copyIn(Self.interpreter)
    try Self.checkShellNeedsOnlyGlibc()
    try copyIn("/bin/sh")
    for folder in ["/tmp", "/proc"] {
      try FileManager.default.createDirectory(
        atPath: path(folder), withIntermediateDirectories: true)
    }
  }

  /// `inRoot`, a path inside the root, as a path on the host.
  func path(_ inRoot: String) -> String { url.path + inRoot }

  /// Copies the host's file at `hostPath` (its target, where it is a link) to the same path
  /// in the root.
  func copyIn(_ hostPath: String) throws {
    let fm = FileManager.default
    let target = URL(fileURLWithPath: hostPath).resolvingSymlinksInPath().path
    let destination = URL(fileURLWithPath: path(hostPath))
    try fm.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try fm.copyItem(atPath: target, toPath: destination.path)
  }

  /// The host's x86-64 libraries by soname, from the loader's cache (`ldconfig -p`).
  static func hostLibraries() throws -> [String: String] {
    let listing = try runChild(try toolPath("ldconfig"), ["-p"], timeout: 30)
    var found: [String: String] = [:]
    for line in listing.stdout.split(separator: "\n") where line.contains("x86-64") {
      let parts = line.split(separator: " ", maxSplits: 1)
      guard let name = parts.first, let arrow = line.range(of: "=> ") else { continue }
      let soname = name.trimmingCharacters(in: .whitespaces)
      if found[soname] == nil { found[soname] = String(line[arrow.upperBound...]) }
    }
    return found
  }

  /// Fails unless every library `/bin/sh` loads is glibc's (Debian's dash: libc alone).
  static func checkShellNeedsOnlyGlibc() throws {
    let ldd = try runChild(try toolPath("ldd"), ["/bin/sh"], timeout: 30)
    for line in ldd.stdout.split(separator: "\n") where line.contains("=>") {
      let name = line.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]
      guard glibcLibraries.contains(String(name)) else {
        throw Failure(description: "the host's /bin/sh loads \(name), which is not glibc's")
      }
    }
  }

  /// Unpacks a .tar.gz into the root.
  func unpack(_ archive: URL) throws {
    let r = try runChild(try toolPath("tar"), ["-C", url.path, "-xzf", archive.path], timeout: 60)
    guard r.status == 0 else { throw Failure(description: "tar -xzf: \(r.stderr)") }
  }

  /// Mounts the kernel's /proc in the root: Swift's runtime finds a program's arguments
  /// through /proc/self/maps.
  func mountProc() throws {
    let r = try runChild(try toolPath("mount"), ["-t", "proc", "proc", path("/proc")], timeout: 30)
    guard r.status == 0 else {
      throw Failure(description: "mount -t proc in the root failed: \(r.stderr)")
    }
  }

  /// Unmounts the root's /proc (lazily, should something there still hold it).
  func unmountProc() {
    _ = try? runChild(try toolPath("umount"), ["-l", path("/proc")], timeout: 30)
  }

  /// Runs `/tickplay/tickplay args…` in the root with chroot, with SDL's offscreen video
  /// driver and no other environment.
  func run(_ args: [String], timeout: TimeInterval) throws -> ChildResult {
    try runChild(
      "/usr/bin/env",
      ["-i", "SDL_VIDEODRIVER=offscreen", try toolPath("chroot"), url.path, "/tickplay/tickplay"]
        + args, timeout: timeout)
  }
}

/// What a child process gave.
struct ChildResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `executable args…` to its end (stopped after `timeout` seconds), with `environment`
/// added to this process's own, and returns its status and output.
func runChild(
  _ executable: String, _ args: [String], environment: [String: String] = [:],
  timeout: TimeInterval
) throws -> ChildResult {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: executable)
  p.arguments = args
  p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let out = Pipe()
  let err = Pipe()
  p.standardOutput = out
  p.standardError = err
  try p.run()
  // Both pipes read on threads of their own, so that a chatty child never blocks.
  let outText = ReadAll(out.fileHandleForReading)
  let errText = ReadAll(err.fileHandleForReading)
  waitUntil(timeout: timeout) { !p.isRunning }
  stop(p)
  return ChildResult(status: p.terminationStatus, stdout: outText.wait(), stderr: errText.wait())
}

/// The path of `tool` on the PATH, or in the system folders root's PATH has (chroot, mount
/// and ldconfig live in /usr/sbin).
func toolPath(_ tool: String) throws -> String {
  let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin:/usr/bin:/bin"
  for dir in path.split(separator: ":")
  where FileManager.default.isExecutableFile(
    atPath: "\(dir)/\(tool)")
  {
    return "\(dir)/\(tool)"
  }
  throw GlibcRoot.Failure(description: "no \(tool) on the PATH")
}

/// tools/bundle's archive, built once per test run in a temporary folder: the static
/// release build takes a minute or more, and every bundle test uses the same archive.
enum BundleBuild {
  /// The archive, or why there is none.
  struct Built: Sendable {
    var archive: URL?
    var failure: String
  }

  /// What `tools/bundle` may take: a release build of every module from scratch, on a
  /// 2-core machine busy with the rest of the suite.
  static let timeout: TimeInterval = 900

  static let shared: Built = {
    let dir = Tickplay.temporaryDirectory("bundle")
    let script = Tickplay.packageRoot.appendingPathComponent("tools/bundle").path
    let began = Date()
    guard let r = try? runChild(script, [dir.path], timeout: timeout) else {
      return Built(archive: nil, failure: "tools/bundle could not be started")
    }
    let archive = dir.appendingPathComponent("tickplay-linux-x86_64.tar.gz")
    guard r.status == 0, FileManager.default.fileExists(atPath: archive.path) else {
      let log = String((r.stdout + r.stderr).suffix(3000))
      return Built(archive: nil, failure: "tools/bundle exited \(r.status): \(log)")
    }
    let seconds = Int(Date().timeIntervalSince(began))
    return Built(archive: archive, failure: "built in \(seconds) s")
  }()
}

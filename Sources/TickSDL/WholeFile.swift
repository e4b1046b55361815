import CSignals

#if canImport(Glibc)
  import Glibc
#endif

/// A file written whole or not at all: written under a temporary name in the same folder
/// (a part file), then renamed over `path` when complete, so that a reader never finds a
/// part of it under its name, and a write cut short leaves the file it would have replaced.
///
/// The part file is registered with the signal handlers (`CSignals`), which remove it when
/// a signal ends the process; dropped without `commit`, it is removed.
public final class WholeFile {
  /// Why a file could not be written.
  public struct Failure: Error, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Why, in the system's words (`No such file or directory`).
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
  }

  /// The name the file takes when complete.
  public let path: String
  /// Where it is written meanwhile: `.NAME.tickplay-PID.part` beside it.
  public let partPath: String
  /// Open for writing while the file is being written; -1 once closed.
  public private(set) var descriptor: Int32
  private let slot: Int32
  private var settled = false

  /// Creates the part file for `path`.
  /// - Throws: naming `path` and why its folder takes no file.
  public init(_ path: String) throws(Failure) {
    self.path = path
    let (part, fd) = try Self.createPart(for: path)
    partPath = part
    descriptor = fd
    slot = csignals_register_part(part)
  }

  deinit { if !settled { discard() } }

  /// Closes the part file's descriptor, for a writer that opens the part file by its name.
  public func closeDescriptor() {
    if descriptor >= 0 { _ = close(descriptor) }
    descriptor = -1
  }

  /// Renames the part file over `path`: the file is complete.
  public func commit() throws(Failure) {
    closeDescriptor()
    settled = true
    csignals_forget_part(slot)
    guard rename(partPath, path) == 0 else {
      let reason = Self.reason()
      unlink(partPath)
      throw Failure(path: path, reason: reason)
    }
  }

  /// Removes the part file: `path` stays as it was.
  public func discard() {
    closeDescriptor()
    settled = true
    unlink(partPath)
    csignals_forget_part(slot)
  }

  /// Writes a file whole: `write` gets the part file's name and writes it by that name;
  /// true when it did.
  /// - Throws: naming `path` when its folder takes no file or the rename fails.
  public static func write(_ path: String, by write: (_ partPath: String) -> Bool) throws(Failure)
    -> Bool
  {
    let file = try WholeFile(path)
    file.closeDescriptor()
    guard write(file.partPath) else {
      file.discard()
      return false
    }
    try file.commit()
    return true
  }

  /// Whether a file could be written at `path` now: a part file is made there and removed.
  /// - Throws: naming `path` and why not (no such folder, permission denied, a folder of
  ///   that name).
  public static func checkWritable(_ path: String) throws(Failure) {
    if isFolder(path) { throw Failure(path: path, reason: "it is a folder") }
    let (part, fd) = try createPart(for: path)
    close(fd)
    unlink(part)
  }

  // MARK: - Private

  /// The most part files tried for one path: more than this many left by earlier runs of
  /// the same process id is not a race but litter, and the error says so.
  private static let attempts = 100

  /// Creates a part file beside `path`, readable as any new file (the umask decides): the
  /// rename keeps its permissions. Its name is taken by nothing else (`O_EXCL`).
  private static func createPart(for path: String) throws(Failure) -> (path: String, fd: Int32) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let stem = "\(folder).\(name).tickplay-\(getpid())"
    for n in 1...attempts {
      let part = stem + (n == 1 ? "" : "-\(n)") + ".part"
      let fd = open(part, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if fd >= 0 { return (part, fd) }
      if errno != EEXIST { break }
    }
    let why = errno == EEXIST ? "\(attempts) part files named \(stem)… exist" : reason()
    throw Failure(path: path, reason: why)
  }

  private static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}

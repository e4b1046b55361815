import TickFrame
import TickScene
import TickThreads

/// A thread that renders sprite sheets on the CPU, so that no frame waits for one.
///
/// The main thread submits a `SheetJob` and goes on drawing; the worker renders the whole
/// sheet into pixels of its own and leaves them in the job, where the main thread picks
/// them up on a later frame (`SheetJob.take`, which never waits for the rendering). The
/// newest job goes first: a user who changed the style twice wants the second sheet. A
/// cancelled job (its atlas evicted or replaced) is dropped, between sprites if it is
/// being rendered. No SDL call is made here: SDL stays on the main thread.
final class SheetWorker: @unchecked Sendable {
  /// Renders a job's sheet whole; nil when the job was cancelled on the way.
  typealias Render = @Sendable (SheetJob) -> [UInt32]?

  private let monitor = Monitor()
  /// Guarded by `monitor`: jobs waiting, oldest first.
  private var pending: [SheetJob] = []
  /// Guarded by `monitor`: whether the thread was started, and whether it should end.
  private var started = false
  private var stopping = false
  private let render: Render

  /// A worker that renders with `render`: by default `SpriteSheetRenderer` (tests pass a
  /// slow or blocking one). The thread starts with the first job.
  init(render: @escaping Render = SheetWorker.renderOnCPU) {
    self.render = render
  }

  /// Queues `job`; the worker takes the newest job first.
  func submit(_ job: SheetJob) {
    let start = monitor.withLock { () -> Bool in
      pending.append(job)
      monitor.broadcast()
      defer { started = true }
      return !started && !stopping
    }
    if start { startThread() }
  }

  /// Ends the thread once the job it renders, if any, is done; the jobs waiting are
  /// dropped.
  func stop() {
    monitor.withLock {
      stopping = true
      pending.removeAll()
      monitor.broadcast()
    }
  }

  /// Renders a job with `SpriteSheetRenderer`, checking for cancellation between sprites.
  static let renderOnCPU: Render = { job in
    var renderer = SpriteSheetRenderer()
    var pixels = SpriteSheetRenderer.uninitialisedPixels(job.layout)
    let done = renderer.render(
      job.sheet, 0..<job.sheet.count, layout: job.layout, into: &pixels,
      stop: { job.isCancelled })
    return done ? pixels : nil
  }

  // MARK: - Private

  private func startThread() {
    guard !startDetachedThread({ self.run() }) else { return }
    // No thread: render the jobs here, now (still correct, only not in the background).
    while let job = next(blocking: false) { job.deliver(render(job)) }
    monitor.withLock { started = false }
  }

  private func run() {
    while let job = next(blocking: true) { job.deliver(render(job)) }
  }

  /// The newest job not cancelled, taken off the queue; nil once stopping (or, without
  /// `blocking`, when none waits).
  private func next(blocking: Bool) -> SheetJob? {
    monitor.withLock {
      while true {
        if stopping { return nil }
        pending.removeAll { $0.isCancelled }
        if let job = pending.popLast() { return job }
        if !blocking { return nil }
        monitor.wait()
      }
    }
  }
}

/// A sheet to render in the background, and the slot its pixels come back in.
final class SheetJob: @unchecked Sendable {
  /// The sheet, whole (its `available` is not read), and where its sprites go.
  let sheet: SpriteSheet
  let layout: SpriteSheetLayout
  private let monitor = Monitor()
  /// Guarded by `monitor`.
  private var cancelled = false
  private var result: [UInt32]?
  private var done = false

  init(sheet: SpriteSheet, layout: SpriteSheetLayout) {
    self.sheet = sheet
    self.layout = layout
  }

  /// Whether the pixels are no longer wanted.
  var isCancelled: Bool { monitor.withLock { cancelled } }

  /// Says the pixels are no longer wanted: the worker stops at the next sprite, and drops
  /// what it rendered.
  func cancel() {
    monitor.withLock {
      cancelled = true
      result = nil
    }
  }

  /// Whether the worker has finished with this job (delivered or given up).
  var isDone: Bool { monitor.withLock { done } }

  /// The worker hands over the rendered pixels (nil: it stopped early).
  func deliver(_ pixels: [UInt32]?) {
    monitor.withLock {
      if !cancelled { result = pixels }
      done = true
      monitor.broadcast()
    }
  }

  /// The rendered pixels, once, if they are there: never waits for the worker.
  func take() -> [UInt32]? {
    monitor.withLock {
      defer { result = nil }
      return result
    }
  }
}

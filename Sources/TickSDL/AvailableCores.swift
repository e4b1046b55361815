import CAffinity

/// The cores this process may run on (`sched_getaffinity`): the default number of threads
/// (`--threads`). At least 1. Here rather than with the thread pool, whose module is built
/// with the pure ones for fuzzing (`tools/fuzz`), from Swift alone.
public func availableCores() -> Int {
  max(Int(tick_affinity_cores()), 1)
}

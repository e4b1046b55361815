/// An environment variable tickplay reads, declared once beside the option table: its
/// name, what it does, and what holds when it is not set.
///
/// `table` lists them all. `--help` shows them (`helpLines`), docs/reference.md's
/// "Environment" table lists exactly them (a test compares the two), and the code reads each through
/// its declaration (`value(from:)`; TickSDL's `EnvironmentVariable.value` asks the
/// process), so a variable cannot be read without being declared.
public struct EnvironmentVariable: Sendable, Equatable {
  public let name: String
  /// What it does, one line (help wraps it).
  public let meaning: String
  /// What holds when it is not set, in words.
  public let unset: String

  init(_ name: String, _ meaning: String, unset: String) {
    self.name = name
    self.meaning = meaning
    self.unset = unset
  }

  /// `N`: play, render and bench check every N-th frame against the same state drawn
  /// from scratch, and stop at the first difference (exit 1).
  public static let checkFrames = EnvironmentVariable(
    "TICKPLAY_CHECK_FRAMES",
    "N: check every N-th frame of play, render or bench against the same state drawn from "
      + "scratch; the first difference stops the run (exit 1) and writes the two frames and "
      + "their difference", unset: "no check")

  /// Where the frame check writes the images of a difference.
  public static let checkDirectory = EnvironmentVariable(
    "TICKPLAY_CHECK_DIR", "the folder the frame check writes its images to",
    unset: "TMPDIR, else /tmp")

  /// Where F12 saves what the window shows.
  public static let screenshotDirectory = EnvironmentVariable(
    "TICKPLAY_SCREENSHOT_DIR", "the folder F12 saves play's window to", unset: "the current folder")

  /// `1`: render builds sprite sheets on the worker thread, as play does, so that tests
  /// can drive that path headlessly.
  public static let backgroundSheets = EnvironmentVariable(
    "TICKPLAY_BACKGROUND_SHEETS",
    "1: render builds sprite sheets on a worker thread as play does (for tests), rather than "
      + "whole before the frame that needs them", unset: "whole, before the frame")

  /// `1`: the compose path's frames go through the SDL renderer even where they could be
  /// put into the window on the CPU (an X11 display with MIT-SHM), to compare the two.
  public static let presentByRenderer = EnvironmentVariable(
    "TICKPLAY_PRESENT_BY_RENDERER",
    "1: the compose path draws its frames with the SDL renderer, rather than putting them "
      + "into an X11 window through shared memory (to compare the two)",
    unset: "shared memory where the X server has it")

  /// Its lines in `--help`'s ENVIRONMENT section: the name, what it does, and what holds
  /// when it is not set.
  var helpLines: [String] {
    LaunchOptions.wrapped("  " + name, meaning + " (unset: \(unset))")
  }

  /// Every variable tickplay reads, in the order help lists them.
  public static let table: [EnvironmentVariable] = [
    checkFrames, checkDirectory, screenshotDirectory, backgroundSheets, presentByRenderer,
  ]

  /// Its value in `environment` (a lookup by name, such as `getenv`); nil when not set.
  /// An empty value counts as not set, as a shell's `VAR= cmd` means.
  public func value(from environment: (String) -> String?) -> String? {
    guard let v = environment(name), !v.isEmpty else { return nil }
    return v
  }

  /// Whether it is set to `1` (a switch).
  public func isOn(in environment: (String) -> String?) -> Bool {
    value(from: environment) == "1"
  }
}

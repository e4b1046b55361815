#ifndef CSIGNALS_H
#define CSIGNALS_H

/// What a handled signal (SIGINT, SIGTERM, SIGHUP) does.
enum csignals_mode {
  /// The process dies of the signal at once, as with no handler, after removing every
  /// part file registered (`render`, `export`, `bench`): an interrupted write leaves the
  /// file it would have replaced, or nothing.
  CSIGNALS_DIE = 0,
  /// The first signal is a request to quit, which the program reads with
  /// `csignals_requested` and carries out itself (`play`: the summary, the screenshot and
  /// the recordings written). Signals within `CSIGNALS_SAME_REQUEST_NS` of the first are the
  /// same request (`timeout` sends SIGTERM to its child and then to the whole group); one
  /// after that ends the process as in `CSIGNALS_DIE`, so a wedged program can still be
  /// stopped.
  CSIGNALS_QUIT = 1,
};

/// Nanoseconds within which a second signal is part of the same request to quit.
#define CSIGNALS_SAME_REQUEST_NS 1000000000LL

/// Installs the handler for SIGINT, SIGTERM and SIGHUP with `mode`, and unblocks them (a
/// parent may start the process with them blocked).
void csignals_install(enum csignals_mode mode);

/// The signal that asked to quit (`CSIGNALS_QUIT`), or 0.
int csignals_requested(void);

/// Registers `path`, a file being written under a temporary name, for removal should a
/// signal end the process. Returns its slot for `csignals_forget_part`, or -1 when every
/// slot is taken or the path is too long (the file is then left should a signal come).
int csignals_register_part(const char *path);

/// Forgets the part file in `slot` (renamed into place, or removed).
void csignals_forget_part(int slot);

#endif

// Signal handlers in C, where what a handler may do is plain: only async-signal-safe calls
// (clock_gettime, unlink, signal, raise) and lock-free atomics.
#include "signals.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/// How many part files may be open at once: play writes at most a screenshot, a recording
/// and a trace together, and export one image.
#define PART_SLOTS 16

/// Each slot's path, valid while its `part_used` flag is set. A slot is filled by the
/// program's threads and read by the handler, which never writes it.
static char part_paths[PART_SLOTS][PATH_MAX];
static atomic_int part_used[PART_SLOTS];
/// A slot's states: free, being filled by the thread that claimed it, holding a path.
enum { PART_FREE = 0, PART_FILLING = 1, PART_VALID = 2 };

static atomic_int mode = CSIGNALS_DIE;
static atomic_int requested;
static atomic_llong requested_at;

static long long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void remove_parts(void) {
  for (int i = 0; i < PART_SLOTS; i++) {
    if (atomic_load(&part_used[i]) == PART_VALID) {
      unlink(part_paths[i]);
    }
  }
}

static void on_signal(int number) {
  if (atomic_load(&mode) == CSIGNALS_QUIT) {
    int expected = 0;
    long long now = now_ns();
    if (atomic_compare_exchange_strong(&requested, &expected, number)) {
      atomic_store(&requested_at, now);
      return;
    }
    if (now - atomic_load(&requested_at) < CSIGNALS_SAME_REQUEST_NS) {
      return;
    }
  }
  remove_parts();
  // The signal is blocked while its handler runs: raised again, it ends the process as
  // soon as the handler returns, with the status a shell reads as killed by it.
  signal(number, SIG_DFL);
  raise(number);
}

void csignals_install(enum csignals_mode m) {
  atomic_store(&mode, m);
  const int numbers[] = {SIGINT, SIGTERM, SIGHUP};
  sigset_t set;
  sigemptyset(&set);
  for (unsigned i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(numbers[i], &action, NULL);
    sigaddset(&set, numbers[i]);
  }
  // A child inherits its spawning thread's mask, and libdispatch's worker threads block
  // signals: then no handler would run.
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int csignals_requested(void) { return atomic_load(&requested); }

int csignals_register_part(const char *path) {
  size_t length = strlen(path);
  if (length >= PATH_MAX) {
    return -1;
  }
  for (int i = 0; i < PART_SLOTS; i++) {
    // Claimed first, filled, then marked valid: two threads never fill one slot, and the
    // handler never reads a slot being filled.
    int free_slot = PART_FREE;
    if (!atomic_compare_exchange_strong(&part_used[i], &free_slot, PART_FILLING)) {
      continue;
    }
    memcpy(part_paths[i], path, length + 1);
    atomic_store(&part_used[i], PART_VALID);
    return i;
  }
  return -1;
}

void csignals_forget_part(int slot) {
  if (slot >= 0 && slot < PART_SLOTS) {
    atomic_store(&part_used[slot], PART_FREE);
  }
}

#define _GNU_SOURCE
#include <sched.h>

#include "affinity.h"

int tick_affinity_cores(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
  return CPU_COUNT(&set);
}

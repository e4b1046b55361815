#ifndef TICK_AFFINITY_H
#define TICK_AFFINITY_H

/// The number of CPUs this process may run on (sched_getaffinity's set, CPU_COUNT), or 0
/// when it cannot be read. In C: glibc declares both only under _GNU_SOURCE, which the
/// Swift Glibc module does not define.
int tick_affinity_cores(void);

#endif

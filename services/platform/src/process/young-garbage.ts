import v8 from 'node:v8';

let applied = false;

/**
 * Turns off V8's allocation-site pretenuring in this process (V8's flags are the process's:
 * every thread's isolate follows them). Under a steady stream of requests, a scavenge that
 * finds many objects of one allocation site still alive (those of the requests in flight)
 * makes V8 allocate that site's objects in the old generation from then on. A request's
 * objects still die within milliseconds, but as old-generation garbage, which holds the young
 * objects it points to alive through every scavenge until the next full collection. In the
 * forum bench 13% of what the process allocated survived its scavenge with pretenuring and
 * 1.6% without, and each scavenge took half as long per megabyte (docs/performance.md,
 * "Forum writes, issue 29 seventh pass"). Called by each service's entry before it serves:
 * V8 reads this flag at every scavenge, so setting it at run time takes effect.
 */
export function keepRequestGarbageYoung(): void {
  if (applied) return;
  applied = true;
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}

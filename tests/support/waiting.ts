/**
 * How long a test or a hook may run before it counts as hung, in every project (vitest.config.ts). A guard
 * against a hang, not a measure of speed (that is the benchmarks' job): tests wait on events and clocks, and on
 * a machine whose cores are busy with other work everything runs three to five times slower; the slowest test
 * takes about a minute on an idle machine.
 */
export const HANG_GUARD_MS = 10 * 60_000;

/**
 * How long one wait inside a test may last: an `expect.poll` (vitest.config.ts), a browser's action, navigation
 * or wait (tests/support/browser.ts). Shorter than the test's guard, so a wait that never ends fails naming
 * what it waited for, before the test's guard ends it without a word.
 */
export const WAIT_GUARD_MS = HANG_GUARD_MS / 2;

/**
 * Asks `check` until it gives something truthy, and returns that: for what has no event to wait on (a row
 * written by another process, a file, a log line of a server in this process). No deadline of its own: the
 * test's hang guard ends a wait that never ends, so a slow machine is given the time it needs.
 */
export async function until<T>(check: () => T | Promise<T>, everyMs = 20): Promise<Exclude<T, false | 0 | "" | null | undefined>> {
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | 0 | "" | null | undefined>;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Keeps this process's event loop busy for `ms`, as a crowd of requests would: in slices of 20 ms, so
 * timers and I/O still get their turn between them, exactly as between requests.
 */
export async function keepLoopBusy(ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const slice = performance.now() + 20;
    while (performance.now() < slice) {
      // busy: the loop is working, not waiting
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

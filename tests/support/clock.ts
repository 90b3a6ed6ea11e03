/**
 * A clock for the app under test that runs with real time but can be moved forward: a test moves it
 * past a rate-limit window instead of waiting for the window to pass. It can also stand still for a
 * while, so a burst on a slow machine stays inside one window. It never goes back, so the order of
 * stored times stays the order of events.
 */
export interface MovableClock {
  now: () => Date;
  /** Moves every later reading `ms` milliseconds further ahead of the real time. */
  advance: (ms: number) => void;
  /** Runs `work` with the clock standing still at the moment of the call, then lets it run on from there. */
  held: <T>(work: () => Promise<T>) => Promise<T>;
}

/** `realNow` is the real time it runs with; its own test gives it another, to move without waiting. */
export function movableClock(realNow: () => number = Date.now): MovableClock {
  let aheadMs = 0;
  let heldAt: number | null = null;
  const reading = () => heldAt ?? realNow() + aheadMs;
  return {
    now: () => new Date(reading()),
    advance: (ms) => {
      if (ms < 0) throw new Error("The test clock only moves forward.");
      if (heldAt !== null) heldAt += ms;
      aheadMs += ms;
    },
    held: async (work) => {
      if (heldAt !== null) throw new Error("The test clock is already held.");
      heldAt = reading();
      const realStart = realNow();
      try {
        return await work();
      } finally {
        // Running on from where it stood: the real time spent while held no longer counts.
        aheadMs -= realNow() - realStart;
        heldAt = null;
      }
    },
  };
}

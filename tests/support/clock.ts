/**
 * A clock for the app under test that runs with real time but can be moved forward: a test moves it
 * past a rate-limit window instead of waiting for the window to pass. It never goes back, so the
 * order of stored times stays the order of events.
 */
export interface MovableClock {
  now: () => Date;
  /** Moves every later reading `ms` milliseconds further ahead of the real time. */
  advance: (ms: number) => void;
}

export function movableClock(): MovableClock {
  let aheadMs = 0;
  return {
    now: () => new Date(Date.now() + aheadMs),
    advance: (ms) => {
      if (ms < 0) throw new Error("The test clock only moves forward.");
      aheadMs += ms;
    },
  };
}

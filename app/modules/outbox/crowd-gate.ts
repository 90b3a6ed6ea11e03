import { performance } from "node:perf_hooks";

/** The event loop's time so far, in milliseconds: waiting for work, and working. */
export interface LoopTime {
  idle: number;
  active: number;
}

export interface CrowdGateOptions {
  /** The event loop's busy share, while the worker itself is idle, from which requests count as a crowd. */
  busyShare?: number;
  /** The shortest stretch of time a verdict is drawn from; a wake within it keeps the last verdict. */
  windowMs?: number;
  /** The longest background work waits for a crowd: then one bounded drain runs, and the wait starts again. */
  maxWaitMs?: number;
  /** Where the loop's time is read: this process's event loop unless told otherwise. */
  loopTime?: () => LoopTime;
}

/** `all`: drain everything due; `one`: one bounded drain (a crowd has waited long enough); `wait`: not now. */
export type CrowdVerdict = "all" | "one" | "wait";

export interface CrowdGate {
  verdict(): CrowdVerdict;
  /** The worker's own work has ended: only what the loop does from now on is judged. */
  idle(): void;
}

const processLoopTime = (): LoopTime => performance.eventLoopUtilization();

/**
 * Requests first: while a crowd keeps the process's event loop busy (measured only while the outbox
 * worker is idle, so its own work never counts), due background work waits, at most `maxWaitMs` at a
 * time. A burst of sign-ups is then acknowledged at full speed and its confirmation mails go out
 * seconds later, instead of every mail competing with the requests that queued it.
 */
export function crowdGate({ busyShare = 0.8, windowMs = 250, maxWaitMs = 5_000, loopTime = processLoopTime }: CrowdGateOptions = {}): CrowdGate {
  let since = loopTime();
  let crowded = false;
  let waitingSince: number | undefined;
  return {
    verdict() {
      const now = loopTime();
      const idle = now.idle - since.idle;
      const active = now.active - since.active;
      if (idle + active >= windowMs) {
        crowded = active / (idle + active) >= busyShare;
        since = now;
      }
      if (!crowded) {
        waitingSince = undefined;
        return "all";
      }
      const elapsed = now.idle + now.active;
      waitingSince ??= elapsed;
      if (elapsed - waitingSince < maxWaitMs) return "wait";
      waitingSince = elapsed;
      return "one";
    },
    idle() {
      since = loopTime();
    },
  };
}

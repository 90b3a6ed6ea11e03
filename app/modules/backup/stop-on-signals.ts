import type { EventEmitter } from "node:events";
import { BackupError } from "./backup-error";

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * Ctrl-C (SIGINT) or a service manager's stop (SIGTERM) aborts `signal`: the work ends at the next file
 * and removes what it wrote. The handlers stay until `release`: a second Ctrl-C while that clean-up runs
 * is answered with a line instead of killing the process (Node's default for a signal nobody handles),
 * which would leave half a snapshot behind, with the session secret and a copy of the database in it.
 */
export function stopOnSignals(processLike: EventEmitter, say: (line: string) => void): { signal: AbortSignal; release: () => void } {
  const interruption = new AbortController();
  const interrupt = () => {
    if (interruption.signal.aborted) say("Still removing what was written; the command ends once that is done.");
    else interruption.abort(new BackupError("Stopped on request; what had been written was removed."));
  };
  for (const name of SIGNALS) processLike.on(name, interrupt);
  return {
    signal: interruption.signal,
    release: () => {
      for (const name of SIGNALS) processLike.off(name, interrupt);
    },
  };
}

import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { BackupError } from "./backup-error";
import { stopOnSignals } from "./stop-on-signals";

describe("stopping a backup or restore on a signal", () => {
  it("aborts on the first signal and keeps handling the next ones until released", () => {
    const processLike = new EventEmitter();
    const said: string[] = [];
    const { signal, release } = stopOnSignals(processLike, (line) => said.push(line));

    processLike.emit("SIGINT");
    expect(signal.reason).toBeInstanceOf(BackupError);
    const reason: unknown = signal.reason;
    // A second Ctrl-C, and a service stop, during the clean-up: still handled, so the process is not killed.
    processLike.emit("SIGINT");
    processLike.emit("SIGTERM");
    expect(signal.reason).toBe(reason);
    expect(said).toEqual(["Still removing what was written; the command ends once that is done.", "Still removing what was written; the command ends once that is done."]);
    expect([processLike.listenerCount("SIGINT"), processLike.listenerCount("SIGTERM")]).toEqual([1, 1]);

    release();
    expect([processLike.listenerCount("SIGINT"), processLike.listenerCount("SIGTERM")]).toEqual([0, 0]);
  });
});

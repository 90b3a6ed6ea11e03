import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { keepLoopBusy as crowd } from "../support/busy-loop";
import { crowdGate } from "~/modules/outbox/crowd-gate";

describe("the outbox's crowd gate", () => {
  it("lets background work run while the loop is idle", async () => {
    const gate = crowdGate({ windowMs: 100 });
    await sleep(150);
    expect(gate.verdict()).toBe("all");
  });

  it("holds it back while the loop is busy, then lets one bounded drain through after the longest wait, and all once the crowd is gone", async () => {
    const gate = crowdGate({ windowMs: 100, maxWaitMs: 400 });
    await crowd(150);
    expect(gate.verdict()).toBe("wait");
    await crowd(150);
    expect(gate.verdict()).toBe("wait");
    await crowd(300);
    expect(gate.verdict()).toBe("one");
    // The wait starts again after the bounded drain.
    await crowd(120);
    expect(gate.verdict()).toBe("wait");
    await sleep(150);
    expect(gate.verdict()).toBe("all");
  });

  it("never counts the worker's own work: only what the loop did since it went idle", async () => {
    const gate = crowdGate({ windowMs: 100 });
    await crowd(150); // the worker draining
    gate.idle();
    await sleep(150);
    expect(gate.verdict()).toBe("all");
  });

  it("keeps its last verdict for a look within the window, as a wake right after a request would", async () => {
    const gate = crowdGate({ windowMs: 100 });
    await crowd(150);
    expect(gate.verdict()).toBe("wait");
    expect(gate.verdict()).toBe("wait");
  });
});

import { describe, expect, it } from "vitest";
import { crowdGate, type LoopTime } from "./crowd-gate";

/** An event loop's clock the test moves: `busy(ms)` is time spent on requests, `wait(ms)` time spent waiting for them. */
function loop() {
  const time: LoopTime = { idle: 0, active: 0 };
  return {
    loopTime: () => ({ ...time }),
    busy: (ms: number) => void (time.active += ms),
    wait: (ms: number) => void (time.idle += ms),
  };
}

describe("the outbox's crowd gate", () => {
  it("lets background work run while the loop mostly waits", () => {
    const clock = loop();
    const gate = crowdGate({ loopTime: clock.loopTime });
    clock.busy(100);
    clock.wait(200);
    expect(gate.verdict()).toBe("all");
  });

  it("holds it back while requests keep the loop 80 % busy or more", () => {
    const clock = loop();
    const gate = crowdGate({ loopTime: clock.loopTime });
    clock.busy(240);
    clock.wait(60);
    expect(gate.verdict()).toBe("wait");
  });

  it("lets one bounded drain through after the longest wait, waits again, and lets everything through once the crowd is gone", () => {
    const clock = loop();
    const gate = crowdGate({ loopTime: clock.loopTime, maxWaitMs: 5_000 });
    clock.busy(300);
    expect(gate.verdict()).toBe("wait");
    clock.busy(4_600);
    expect(gate.verdict()).toBe("wait");
    clock.busy(500);
    expect(gate.verdict()).toBe("one");
    gate.idle();
    clock.busy(300);
    expect(gate.verdict()).toBe("wait");
    clock.wait(300);
    expect(gate.verdict()).toBe("all");
  });

  it("never counts the worker's own work: only what the loop did since it went idle", () => {
    const clock = loop();
    const gate = crowdGate({ loopTime: clock.loopTime });
    clock.busy(2_000); // the worker draining
    gate.idle();
    clock.wait(300);
    expect(gate.verdict()).toBe("all");
  });

  it("keeps its last verdict for a look within the window, as a wake right after a request would", () => {
    const clock = loop();
    const gate = crowdGate({ loopTime: clock.loopTime, windowMs: 250 });
    clock.busy(300);
    expect(gate.verdict()).toBe("wait");
    clock.wait(100);
    expect(gate.verdict()).toBe("wait");
  });
});

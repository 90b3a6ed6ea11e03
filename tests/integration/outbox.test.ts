import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/adapters/db/database.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { claimOutboxRow, drainOutbox, OUTBOX_LIMITS, type OutboxHandlers } from "~/modules/outbox/drain.server";
import { enqueue } from "~/modules/outbox/enqueue.server";
import { PermanentFailure, RetryLater } from "~/modules/outbox/outcomes";
import { deleteFinishedOutboxRows } from "~/modules/outbox/retention.server";
import { seedDefaultSettings } from "~/modules/settings/settings.server";
import { startOutboxWorker } from "~/modules/outbox/worker.server";
import { runRetention } from "../../server/retention-job";
import { keepLoopBusy } from "../support/busy-loop";
import { capturingLogger } from "../support/outbox-fixtures";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";

const T0 = new Date("2026-11-21T12:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const MAIL = "newsletter.confirmation-mail" as const;

describe.each(dialects)("outbox worker on %s", (dialect) => {
  let database: TestDatabase;
  const { logger, lines } = capturingLogger("silent");
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
    lines.length = 0;
  });
  afterEach(() => database.drop());

  const row = (id: string) => database.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const drain = (handlers: OutboxHandlers, now: Date, extra: Parameters<typeof drainOutbox>[2] = {}) =>
    drainOutbox({ db: database.db, logger, now: () => now }, handlers, { random: () => 0.5, ...extra });

  it("runs a due row once and marks it done; rows not yet due, or of a topic without a handler, wait", async () => {
    const ran: string[] = [];
    const handlers: OutboxHandlers = { [MAIL]: async ({ subscriberId }, job) => void ran.push(`${subscriberId}#${job.attempt}`) };
    const due = await enqueue(database.db, MAIL, { subscriberId: "a" }, T0);
    const later = await enqueue(database.db, MAIL, { subscriberId: "b" }, at(60_000));
    const unhandled = await enqueue(database.db, "newsletter.provider-upsert", { subscriberId: "c" }, T0);

    expect(await drain(handlers, at(1_000))).toEqual({ claimed: 1, done: 1, retried: 0, gaveUp: 0, refused: 0, lost: 0 });
    expect(ran).toEqual(["a#1"]);
    expect(await row(due)).toMatchObject({ done_at: at(1_000).toISOString(), claimed_until: null, last_error: null, attempts: 1 });
    expect(await row(later)).toMatchObject({ done_at: null, attempts: 0 });
    expect(await row(unhandled)).toMatchObject({ done_at: null, attempts: 0, claimed_until: null });
    expect((await drain(handlers, at(2_000))).claimed).toBe(0);
    expect(ran).toEqual(["a#1"]);
  });

  it("retries a failure after an exponential backoff with jitter; a delay the handler asks for wins", async () => {
    const script: Array<() => void> = [
      () => { throw new Error("SMTP down"); },
      () => { throw new Error("SMTP still down"); },
      () => { throw new RetryLater("slow down", { delayMs: 1_234 }); },
      () => {},
    ];
    const handlers: OutboxHandlers = { [MAIL]: async (_payload, job) => script[job.attempt - 1]!() };
    const id = await enqueue(database.db, MAIL, { subscriberId: "a" }, T0);

    let now = T0;
    expect((await drain(handlers, now)).retried).toBe(1);
    let current = await row(id);
    expect(current).toMatchObject({ attempts: 1, last_error: "SMTP down", claimed_until: null, done_at: null });
    expect(Date.parse(current.run_at) - now.getTime()).toBe(5_000); // random 0.5: no jitter
    expect((await drain(handlers, at(4_999))).claimed).toBe(0);

    now = new Date(current.run_at);
    await drain(handlers, now);
    current = await row(id);
    expect(Date.parse(current.run_at) - now.getTime()).toBe(10_000);

    now = new Date(current.run_at);
    await drain(handlers, now);
    current = await row(id);
    expect(current.last_error).toBe("slow down");
    expect(Date.parse(current.run_at) - now.getTime()).toBe(1_234);

    now = new Date(current.run_at);
    expect(await drain(handlers, now)).toMatchObject({ claimed: 1, done: 1 });
    expect(await row(id)).toMatchObject({ attempts: 4, last_error: null, done_at: now.toISOString() });
  });

  it("gives up after the twelfth attempt and records a security event; a permanent failure gives up at once", async () => {
    const handlers: OutboxHandlers = {
      [MAIL]: async ({ subscriberId }) => {
        if (subscriberId === "bad") throw new PermanentFailure("API error: 400 - invalid");
        throw new Error("still failing");
      },
    };
    const flaky = await enqueue(database.db, MAIL, { subscriberId: "flaky" }, T0);
    const bad = await enqueue(database.db, MAIL, { subscriberId: "bad" }, T0);

    let now = T0;
    for (let round = 0; round < 20; round++) {
      await drain(handlers, now);
      const current = await row(flaky);
      if (current.done_at) break;
      now = new Date(current.run_at);
    }
    expect(await row(flaky)).toMatchObject({ attempts: OUTBOX_LIMITS.maxAttempts, last_error: "gave up after 12 attempts: still failing" });
    expect((await row(flaky)).done_at).not.toBeNull();
    expect(await row(bad)).toMatchObject({ attempts: 1, last_error: "gave up after 1 attempt: API error: 400 - invalid" });
    const events = await database.db.selectFrom("security_events").selectAll().where("event_type", "=", "outbox_gave_up").orderBy("timestamp").execute();
    expect(events.map((event) => JSON.parse(event.details))).toEqual([
      { outboxId: bad, topic: MAIL, attempts: 1, error: "API error: 400 - invalid" },
      { outboxId: flaky, topic: MAIL, attempts: 12, error: "still failing" },
    ]);
    expect(events.every((event) => event.severity === "medium")).toBe(true);
    // Nothing more happens to either row.
    expect((await drain(handlers, at(86_400_000))).claimed).toBe(0);
  });

  it("keeps email addresses out of the stored error and the log", async () => {
    const { logger: visible, lines: logged } = capturingLogger("debug");
    const handlers: OutboxHandlers = { [MAIL]: async () => { throw new Error("550 5.1.1 <ada@example.org>: Recipient address rejected"); } };
    const id = await enqueue(database.db, MAIL, { subscriberId: "a" }, T0);
    await drainOutbox({ db: database.db, logger: visible, now: () => T0 }, handlers);
    expect((await row(id)).last_error).toBe("550 5.1.1 <[email]>: Recipient address rejected");
    expect(logged.join("\n")).not.toContain("ada@example.org");
  });

  it("never runs one row twice when two workers on separate connections drain at once", async () => {
    const other = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? "" });
    try {
      const runs = new Map<string, number>();
      const handlers: OutboxHandlers = {
        [MAIL]: async ({ subscriberId }) => {
          runs.set(subscriberId, (runs.get(subscriberId) ?? 0) + 1);
          // Work that takes a moment, so the two drains overlap (what is tested): not a wait for anything.
          await sleep(2);
        },
      };
      const ids = Array.from({ length: 30 }, (_, i) => `s${i}`);
      for (const subscriberId of ids) await enqueue(database.db, MAIL, { subscriberId }, T0);
      const [first, second] = await Promise.all([
        drainOutbox({ db: database.db, logger, now: () => at(1_000) }, handlers),
        drainOutbox({ db: other.db, logger, now: () => at(1_000) }, handlers),
      ]);
      expect(first.claimed + second.claimed).toBe(30);
      expect(first.done + second.done).toBe(30);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect([...runs.keys()].sort()).toEqual([...ids].sort());
      const pending = await database.db.selectFrom("outbox").select("id").where("done_at", "is", null).execute();
      expect(pending).toEqual([]);
    } finally {
      await other.db.destroy();
    }
  });

  it("picks up again a row whose worker died holding it, once the lease has run out", async () => {
    const ran: number[] = [];
    const handlers: OutboxHandlers = { [MAIL]: async (_payload, job) => void ran.push(job.attempt) };
    const id = await enqueue(database.db, MAIL, { subscriberId: "a" }, T0);
    // A worker claims the row, then the process is killed before it finishes.
    expect(await claimOutboxRow(database.db, id, T0)).toBeDefined();
    expect(await claimOutboxRow(database.db, id, at(1_000))).toBeUndefined();

    expect((await drain(handlers, at(OUTBOX_LIMITS.leaseMs - 1))).claimed).toBe(0);
    expect(ran).toEqual([]);
    expect(await drain(handlers, at(OUTBOX_LIMITS.leaseMs))).toMatchObject({ claimed: 1, done: 1 });
    expect(ran).toEqual([2]);
    expect((await row(id)).done_at).toBe(at(OUTBOX_LIMITS.leaseMs).toISOString());
  });

  it("holds back the other rows of a rate-limited topic until Retry-After, without counting a try", async () => {
    let calls = 0;
    const handlers: OutboxHandlers = {
      "newsletter.provider-upsert": async () => {
        calls += 1;
        if (calls === 1) throw new RetryLater("API error: 429 - slow down", { delayMs: 30_000, pauseTopics: ["newsletter.provider-upsert", "newsletter.provider-unsubscribe"] });
      },
      "newsletter.provider-unsubscribe": async () => void (calls += 1),
      [MAIL]: async () => {},
    };
    const first = await enqueue(database.db, "newsletter.provider-upsert", { subscriberId: "a" }, T0);
    const second = await enqueue(database.db, "newsletter.provider-upsert", { subscriberId: "b" }, at(1));
    const leave = await enqueue(database.db, "newsletter.provider-unsubscribe", { subscriberId: "c" }, at(2));
    const mail = await enqueue(database.db, MAIL, { subscriberId: "d" }, at(3));

    expect(await drain(handlers, at(1_000))).toMatchObject({ claimed: 2, retried: 1, done: 1 });
    expect(calls).toBe(1);
    const until = at(31_000).toISOString();
    expect(await row(first)).toMatchObject({ attempts: 1, run_at: until });
    expect(await row(second)).toMatchObject({ attempts: 0, run_at: until });
    expect(await row(leave)).toMatchObject({ attempts: 0, run_at: until });
    expect((await row(mail)).done_at).not.toBeNull();

    expect(await drain(handlers, at(31_000))).toMatchObject({ claimed: 3, done: 3 });
    expect(calls).toBe(4);
  });

  it("deletes rows finished more than a week ago in the retention pass, never unfinished ones", async () => {
    const handlers: OutboxHandlers = { [MAIL]: async () => {} };
    const old = await enqueue(database.db, MAIL, { subscriberId: "old" }, T0);
    await drain(handlers, T0);
    const recent = await enqueue(database.db, MAIL, { subscriberId: "recent" }, at(3 * 86_400_000));
    await drain(handlers, at(3 * 86_400_000));
    const waiting = await enqueue(database.db, MAIL, { subscriberId: "waiting" }, T0);
    await database.db.updateTable("outbox").set({ run_at: at(365 * 86_400_000).toISOString() }).where("id", "=", waiting).execute();

    const eightDaysOn = at(8 * 86_400_000);
    expect(await deleteFinishedOutboxRows(database.db, at(7 * 86_400_000 - 1))).toBe(0);
    await seedDefaultSettings(database.db, T0);
    expect((await runRetention({ db: database.db, now: () => eightDaysOn })).outbox).toBe(1);
    const left = await database.db.selectFrom("outbox").select("id").orderBy("created_at").execute();
    expect(left.map((entry) => entry.id).sort()).toEqual([recent, waiting].sort());
    expect(left.some((entry) => entry.id === old)).toBe(false);
  });

  /** Handlers that note which worker ran which row, and a wait for a row to be run (asked before it runs). */
  function runLog() {
    const runs: string[] = [];
    const waiting = new Map<string, () => void>();
    const handlers = (worker: string): OutboxHandlers => ({
      [MAIL]: async ({ subscriberId }) => {
        runs.push(`${worker}: ${subscriberId}`);
        waiting.get(subscriberId)?.();
      },
    });
    const ran = (subscriberId: string) => new Promise<void>((resolve) => waiting.set(subscriberId, resolve));
    return { runs, handlers, ran };
  }
  const quiet = { pollMs: 60_000, firstRunMs: 60_000 };

  it("runs in the server: a wake right after an enqueue gets the row done without waiting for the poll; a stopped worker takes no more", async () => {
    const log = runLog();
    const worker = startOutboxWorker({ db: database.db, logger, now: () => new Date() }, log.handlers("first"), quiet);
    try {
      await enqueue(database.db, MAIL, { subscriberId: "now" }, new Date());
      const done = log.ran("now");
      worker.wake();
      worker.wake();
      await done;
    } finally {
      await worker.stop();
    }
    // Woken after its stop, it takes nothing: another worker, woken after it (its timer comes later), runs the row.
    await enqueue(database.db, MAIL, { subscriberId: "after stop" }, new Date());
    const done = log.ran("after stop");
    worker.wake();
    const other = startOutboxWorker({ db: database.db, logger, now: () => new Date() }, log.handlers("second"), quiet);
    try {
      other.wake();
      await done;
    } finally {
      await other.stop();
    }
    expect(log.runs).toEqual(["first: now", "second: after stop"]);
  });

  it("holds a woken row while requests crowd the process, and runs it as soon as they stop", async () => {
    const log = runLog();
    await enqueue(database.db, MAIL, { subscriberId: "after the crowd" }, new Date());
    const timing = { ...quiet, crowd: { windowMs: 100, maxWaitMs: 60_000 } };
    const worker = startOutboxWorker({ db: database.db, logger, now: () => new Date() }, log.handlers("worker"), timing);
    try {
      const done = log.ran("after the crowd");
      // Woken in the middle of the crowd (real time: the crowd is the process's own busy loop), as a sign-up's commit wakes it.
      const wake = setTimeout(() => worker.wake(), 200);
      await keepLoopBusy(900);
      clearTimeout(wake);
      expect(log.runs).toEqual([]);
      await done;
      expect(log.runs).toEqual(["worker: after the crowd"]);
    } finally {
      await worker.stop();
    }
  });

  it("judges due rows by the clock of the services it is given, the one that stamped them", async () => {
    const log = runLog();
    const anHourAhead = () => new Date(Date.now() + 3_600_000);
    const worker = startOutboxWorker({ db: database.db, logger, now: anHourAhead }, log.handlers("worker"), quiet);
    try {
      await enqueue(database.db, MAIL, { subscriberId: "stamped ahead" }, anHourAhead());
      const done = log.ran("stamped ahead");
      worker.wake();
      await done;
      expect(log.runs).toEqual(["worker: stamped ahead"]);
    } finally {
      await worker.stop();
    }
  });
});

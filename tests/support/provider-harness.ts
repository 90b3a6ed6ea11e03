import { afterEach, beforeEach } from "vitest";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { createMailingProvider } from "~/adapters/mailing/mailerlite.server";
import { createProviderHandlers } from "~/modules/newsletter/provider-sync.server";
import { drainOutbox, type DrainResult, type OutboxHandlers } from "~/modules/outbox/drain.server";
import { createOutbox } from "~/modules/outbox/outbox.server";
import { movableClock, type MovableClock } from "./clock";
import { openTestDatabase, type TestDatabase } from "./databases";
import { startFakeMailerLite, type FakeMailerLite } from "./fake-mailerlite";
import type { FakeLimits } from "./fake-mailerlite-limits";
import { capturingLogger } from "./outbox-fixtures";

/**
 * The provider sync on one database against the stand-in over real HTTP, the stand-in and the app
 * sharing one movable clock: a test moves past a rate-limit window instead of waiting for it.
 */
export function providerHarness(dialect: "sqlite" | "postgres", options: { limits?: FakeLimits; groupNames?: string[] } = {}) {
  const state = {} as { database: TestDatabase; fake: FakeMailerLite; log: ReturnType<typeof capturingLogger>; clock: MovableClock };
  beforeEach(async () => {
    state.database = await openTestDatabase(dialect);
    await migrateToLatest(state.database.db);
    state.clock = movableClock();
    state.fake = await startFakeMailerLite({ limits: options.limits, groupNames: options.groupNames, now: () => state.clock.now().getTime() });
    state.log = capturingLogger();
  });
  afterEach(async () => {
    await state.fake.close();
    await state.database.drop();
  });

  /** The services as the server builds them; apiKey null: MAILERLITE_API_KEY unset. */
  const services = (apiKey: string | null = state.fake.apiKey) => ({
    db: state.database.db,
    dialect,
    logger: state.log.logger,
    now: state.clock.now,
    mailingProvider: createMailingProvider({ apiKey: apiKey ?? undefined, baseUrl: state.fake.url }, { now: state.clock.now }),
    outbox: createOutbox({ db: state.database.db, dialect, logger: state.log.logger, now: state.clock.now }),
  });
  const handlersFor = (apiKey?: string | null): OutboxHandlers => createProviderHandlers(services(apiKey));
  const drain = (handlers: OutboxHandlers): Promise<DrainResult> => drainOutbox({ db: state.database.db, logger: state.log.logger, now: state.clock.now }, handlers, { random: () => 0.5 });
  const outbox = () => state.database.db.selectFrom("outbox").selectAll().orderBy("created_at").execute();
  const events = (type: string) => state.database.db.selectFrom("security_events").selectAll().where("event_type", "=", type).orderBy("timestamp").execute();

  /**
   * Drains until no row is left, moving the clock to when the provider frees its window (wakeAt) or
   * to the next row's due time. Returns how many drains it took.
   */
  async function drainUntilSettled(handlers: OutboxHandlers, maxRounds = 200): Promise<number> {
    for (let round = 1; round <= maxRounds; round++) {
      const result = await drain(handlers);
      const pending = (await outbox()).filter((row) => row.done_at === null);
      if (pending.length === 0) return round;
      const now = state.clock.now().getTime();
      const dueAt = Math.min(...pending.map((row) => Date.parse(row.run_at)));
      const next = Math.max(result.wakeAt ?? 0, result.claimed === 0 ? dueAt : now);
      if (next > now) state.clock.advance(next - now);
    }
    throw new Error("the outbox never settled");
  }

  return { state, services, handlersFor, drain, outbox, events, drainUntilSettled };
}

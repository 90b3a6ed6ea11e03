import { buildIfStale } from "../scripts/build-if-stale";
import { dialects, openTestDatabase } from "../tests/support/databases";
import { spawnServer } from "../tests/support/server-process";

/**
 * `npx tsx bench/security-flood.ts [requests]`: how many security-event rows a flood of forged signed
 * links adds (10,000 by default, 50 in flight at a time), against the production server in its own
 * process. Two floods: one client on one address, and one client that takes a new address for every
 * request (TRUST_PROXY=true and X-Forwarded-For stand in for a client with a whole IPv6 range). Runs on
 * SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set. Numbers, not thresholds.
 */
const REQUESTS = Number(process.argv[2] ?? 10_000);
const IN_FLIGHT = 50;
const FORGED = "/files/book/00000000-0000-4000-8000-000000000000.pdf?exp=9999999999&sig=forged";

/** Sends `total` forged links, `IN_FLIGHT` at a time, each from the address `addressOf(index)`. */
async function flood(url: string, total: number, addressOf: (index: number) => string): Promise<{ seconds: number; refused: number }> {
  let next = 0;
  let refused = 0;
  const started = performance.now();
  const worker = async () => {
    for (let index = next++; index < total; index = next++) {
      const response = await fetch(url + FORGED, { headers: { "x-forwarded-for": addressOf(index) } });
      await response.body?.cancel();
      if (response.status === 403) refused++;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { seconds: (performance.now() - started) / 1000, refused };
}

/** A different /64 for every request, as a client holding an IPv6 /48 could send. */
const rotating = (index: number) => `2001:db8:${(index >> 16) & 0xffff}:${(index & 0xffff).toString(16)}::1`;

buildIfStale();
const rows = [];
for (const dialect of dialects) {
  for (const [label, addressOf] of [["one address", () => "203.0.113.7"], ["a new network each request", rotating]] as const) {
    const database = await openTestDatabase(dialect);
    const server = spawnServer({ ...database.env, TRUST_PROXY: "true" });
    await server.ready;
    const { seconds, refused } = await flood(server.url, REQUESTS, addressOf);
    const stored = await database.db
      .selectFrom("security_events")
      .select((eb) => [eb.fn.countAll<number>().as("rows"), eb.fn.sum<number>("count").as("events")])
      .where("event_type", "=", "signed_link.invalid")
      .executeTakeFirstOrThrow();
    rows.push({ database: dialect, flood: label, "forged links": REQUESTS, "answered 403": refused, "rows added": Number(stored.rows), "events counted": Number(stored.events), "requests/s": Math.round(REQUESTS / seconds) });
    server.child.kill("SIGTERM");
    await server.exited;
    await database.drop();
  }
}
console.log(`\nForged signed links, ${IN_FLIGHT} in flight, production build:`);
console.table(rows);

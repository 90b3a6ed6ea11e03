import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/adapters/db/database.server";
import { parseConfig } from "~/lib/config.server";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { buildIfStale } from "../scripts/build-if-stale";
import { openServices } from "../server/bootstrap";
import { createLogger } from "../server/logger";
import { HttpSession } from "../tests/support/http-session";
import { spawnServer } from "../tests/support/server-process";

/**
 * `npx tsx bench/security-guesses.ts`: how many passwords a burst of parallel sign-in guesses gets
 * checked. The production server on a fresh SQLite database (TRUST_PROXY on, so each guess can name
 * its address) and one reader account; each burst sends wrong passwords and the right one last, all
 * at once. A guess answered 401 (wrong) or 302 (signed in) was checked; 429 was refused unchecked.
 */
const EMAIL = "reader@example.org";
const PASSWORD = "the reader's passphrase";

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-guesses-"));
const services = await openServices(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), createLogger("silent"));
try {
  await createOrPromoteAdmin(services, { email: EMAIL, password: PASSWORD }, { userId: null, ip: "bench", userAgent: null }, new Date());
  await services.db.updateTable("user").set({ role: "user" }).where("email", "=", EMAIL).execute();
} finally {
  services.mailer.close();
  services.storage.close();
  services.uploads.close();
  await services.db.destroy();
}

buildIfStale();
const server = spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
await server.ready;

/** `count` guesses at once for `email`, the right password last; `ipOf` names each guess's address. */
async function burst(email: string, count: number, ipOf: (index: number) => string) {
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      new HttpSession(server.url, ipOf(index)).post("/sign-in", { email, password: index === count - 1 ? PASSWORD : `wrong guess ${index}` }).then((r) => r.status),
    ),
  );
  return {
    guesses: count,
    "passwords checked": statuses.filter((status) => status === 401 || status === 302).length,
    "refused (429)": statuses.filter((status) => status === 429).length,
    "right one signed in": statuses[count - 1] === 302,
  };
}

const rows: Array<Record<string, unknown>> = [];
// The counters are cleared between bursts, so each starts as the first attack of the day would.
rows.push({ burst: "100 from one address", ...(await burst(EMAIL, 100, () => "10.80.0.1")) });
await resetLimits();
rows.push({ burst: "300 from one address", ...(await burst(EMAIL, 300, () => "10.80.1.1")) });
await resetLimits();
rows.push({ burst: "100 from 100 addresses", ...(await burst(EMAIL, 100, (index) => `10.81.${Math.floor(index / 100)}.${index % 100}`)) });
await resetLimits();
rows.push({ burst: "100 from one IPv6 /64", ...(await burst(EMAIL, 100, (index) => `2001:db8:80::${(index + 1).toString(16)}`)) });

console.log("\nParallel sign-in guesses against one account, production build, SQLite:");
console.table(rows);
server.child.kill("SIGTERM");
await server.exited;

/** Clears the rate-limit counters between bursts, through a second connection to the server's database. */
async function resetLimits() {
  const { db } = openDatabase({ dataDir });
  try {
    await db.deleteFrom("rate_limits").execute();
  } finally {
    await db.destroy();
  }
}

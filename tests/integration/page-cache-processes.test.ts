import { describe, expect, it } from "vitest";
import pino from "pino";
import { pageChangeFeed } from "~/adapters/pages/page-changes.server";
import { dialects } from "../support/databases";
import { SAMPLE_EPISODE } from "../support/routes";
import type { ServerProcess } from "../support/server-process";
import { processesOnOneDatabase } from "../support/server-processes";

describe.each(dialects)("page caches of server processes on one %s database", (dialect) => {
  const processes = processesOnOneDatabase(dialect);

  it("a change recorded by another process makes this one render its page again", async () => {
    const { servers, database } = await processes.start(1, { TRUST_PROXY: "true" });
    const [server] = servers as [ServerProcess];

    const cacheState = (page: string) => fetch(server.url + page).then(async (response) => (await response.arrayBuffer(), response.headers.get("x-page-cache")));
    // The shop's page, which no change of episodes touches, stored first: it shows that the episode's page was
    // forgotten for the change, not because its time was up.
    const [untouched, changed] = ["/shop", `/podcast/${SAMPLE_EPISODE}`];
    for (const page of [untouched, changed]) {
      await cacheState(page);
      expect(await cacheState(page)).toBe("hit");
    }

    // Another process on the same database records a change (an owner's edit there, say): the test's own feed.
    const other = await pageChangeFeed(database.db, () => undefined, pino({ level: "silent" }));
    await other.changed(["episodes"], new Date());

    // The server learns of it at its next poll of the change counters (every half second).
    await expect.poll(() => cacheState(changed), { interval: 100 }).toBe("miss");
    expect(await cacheState(untouched)).toBe("hit");
  });
});

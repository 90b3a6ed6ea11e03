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

    const page = `/podcast/${SAMPLE_EPISODE}`;
    const cacheState = () => fetch(server.url + page).then(async (response) => (await response.arrayBuffer(), response.headers.get("x-page-cache")));
    await cacheState();
    expect(await cacheState()).toBe("hit");

    // Another process on the same database records a change (an owner's edit there, say): the test's own feed.
    const other = await pageChangeFeed(database.db, () => undefined, pino({ level: "silent" }));
    await other.changed(["episodes"], new Date());

    // The server learns of it at its next poll of the change counters (every half second).
    const started = Date.now();
    let state = "hit";
    while (state === "hit" && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await cacheState()) ?? "";
    }
    expect(state).toBe("miss");
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { episodeBySlug } from "~/modules/podcast/episodes.server";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";
import { SAMPLE_EPISODE } from "../support/routes";
import { spawnServer, type ServerProcess } from "../support/server-process";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe.each(dialects)("page caches of two server processes on one %s database", (dialect) => {
  const servers: ServerProcess[] = [];
  let database: TestDatabase | undefined;
  afterAll(async () => {
    for (const server of servers) server.child.kill("SIGTERM");
    await Promise.all(servers.map((server) => server.exited));
    await database?.drop();
  });

  it("a change counted by one process makes the other render its page again", async () => {
    database = await openTestDatabase(dialect);
    // One database and one shared data folder, as two instances behind a load balancer would have.
    const env = { ...database.env, DATA_DIR: database.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "two-processes-")), TRUST_PROXY: "true" };
    const first = spawnServer(env);
    servers.push(first);
    await first.ready;
    const second = spawnServer(env);
    servers.push(second);
    await second.ready;

    const page = `/podcast/${SAMPLE_EPISODE}`;
    await fetch(second.url + page).then((response) => response.text());
    const cached = await fetch(second.url + page);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    const before = await cached.text();

    const episode = (await episodeBySlug(database.db, SAMPLE_EPISODE, "en"))!;
    const listen = await fetch(new URL(episode.audioUrl, first.url), { headers: { "user-agent": BROWSER, "x-forwarded-for": "10.83.0.1" } });
    expect(listen.status).toBe(200);
    await listen.arrayBuffer();
    expect((await episodeBySlug(database.db, SAMPLE_EPISODE, "en"))!.listens).toBe(episode.listens + 1);

    // The other process learns of it at its next poll of the change counters (every half second).
    const started = Date.now();
    let after = before;
    while (after === before && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await fetch(second.url + page).then((response) => response.text());
    }
    expect(after).not.toBe(before);
  });
});

import { describe, expect, it } from "vitest";
import { episodeBySlug } from "~/modules/podcast/episodes.server";
import { dialects } from "../support/databases";
import { SAMPLE_EPISODE } from "../support/routes";
import type { ServerProcess } from "../support/server-process";
import { processesOnOneDatabase } from "../support/server-processes";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe.each(dialects)("page caches of two server processes on one %s database", (dialect) => {
  const processes = processesOnOneDatabase(dialect);

  it("a change counted by one process makes the other render its page again", async () => {
    const { servers, database } = await processes.start(2, { TRUST_PROXY: "true" });
    const [first, second] = servers as [ServerProcess, ServerProcess];

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

import { buildIfStale } from "../scripts/build-if-stale";
import { streamBody } from "../tests/support/raw-request";
import { spawnServer } from "../tests/support/server-process";
import { treeRssBytes, watchPeakRss } from "./process-memory";

/**
 * `npx tsx bench/security-bodies.ts`: the production server on a fresh SQLite database gets 20
 * concurrent 50 MB form POSTs to /contact, first announced with Content-Length, then chunked (counted
 * as they arrive). Prints the answers, how much of the bodies was sent before them, and the server's
 * resident memory after each round and at its peak (sampled every 50 ms), against a ceiling.
 */
const MB = 1024 * 1024;
const CONCURRENT = 20;
const BODY_BYTES = 50 * MB;
/** The body limit keeps at most 100 KB per request in memory: 20 of them are 2 MB, well under this. */
const CEILING_GROWTH_MB = 64;

buildIfStale();
const server = spawnServer();
try {
  await server.ready;
  // One page first, so the baseline includes the loaded route modules.
  await (await fetch(`${server.url}/contact`)).arrayBuffer();
  const pid = server.child.pid!;
  const rows = [];
  for (const announced of [true, false]) {
    const memory = watchPeakRss(pid);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        streamBody(server.url, "/contact", {
          headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", ...(announced ? { "content-length": String(BODY_BYTES) } : {}) },
          start: "name=",
          fill: "a",
          totalBytes: BODY_BYTES,
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const peak = memory.stop();
    const after = treeRssBytes(pid);
    const stillAnswers = (await fetch(`${server.url}/contact`)).status;
    const growth = (Math.max(peak, after) - memory.baseline) / MB;
    rows.push({
      body: announced ? "Content-Length: 50 MB" : "chunked, 50 MB",
      statuses: [...new Set(answers.map((answer) => answer.status))].join(","),
      "largest answer bytes": Math.max(...answers.map((answer) => answer.body.length)),
      "MB sent before the answer (max)": Math.round((Math.max(...answers.map((answer) => answer.sentBytes)) / MB) * 10) / 10,
      "seconds": Math.round(seconds * 100) / 100,
      "baseline RSS MB": Math.round(memory.baseline / MB),
      "RSS after MB": Math.round(after / MB),
      "peak RSS MB": Math.round(peak / MB),
      "growth MB (measured)": Math.round(growth * 10) / 10,
      "growth MB (ceiling)": CEILING_GROWTH_MB,
      "GET /contact after": stillAnswers,
    });
  }
  console.log(`\n${CONCURRENT} concurrent ${BODY_BYTES / MB} MB form POSTs to /contact, production build, SQLite; server memory is the resident set of its process tree:`);
  console.table(rows);
  const over = rows.filter((row) => row["growth MB (measured)"] > CEILING_GROWTH_MB);
  if (over.length > 0) console.log(`Over the ceiling of ${CEILING_GROWTH_MB} MB: ${over.map((row) => row.body).join(", ")}`);
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
}

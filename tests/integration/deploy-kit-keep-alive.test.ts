import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpSession } from "../support/http-session";
import { seededSqliteDataDir } from "../support/seeded-databases";
import { freePort, httpsFetch, nginxInstalled, SERVER_NAME, startNginx } from "../support/nginx";
import { spawnServer, type ServerProcess } from "../support/server-process";

// nginx keeps idle connections to the site open and sends later requests on them. When the site closes
// one just as nginx sends a form on it, nginx cannot resend the form and answers 502. The deploy kit's rule:
// nginx's upstream keepalive_timeout (60 s) is below the site's KEEP_ALIVE_TIMEOUT_SECONDS (65), so nginx
// always closes first. Here the same rule at a scale a test can wait for: the site keeps idle connections
// 2 s, the kit's nginx 1 s; the old mismatch is the kit's nginx as shipped (60 s) in front of that site.
//
// The unlucky moment is made on purpose: after an idle spell just short of the site's limit, nginx is
// stopped (as a busy machine may hold it for a moment), a form is sent, and nginx goes on once the site has
// closed its idle connections. With the mismatch nginx still counts the closed connection as open.

const SITE_KEEP_ALIVE_SECONDS = 2;
/** One address for the site behind each test's nginx (its port aside), as a browser's forms name it. */
const APP_URL = `https://${SERVER_NAME}`;
if (process.env.REQUIRE_NGINX === "1" && !nginxInstalled()) throw new Error("REQUIRE_NGINX=1 but /usr/sbin/nginx is missing: apt-get install nginx (.ci/run does).");

describe.skipIf(!nginxInstalled())("nginx and the site's idle connections", () => {
  let site: ServerProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    const dataDir = seededSqliteDataDir();
    const started = spawnServer({ ...(dataDir ? { DATA_DIR: dataDir } : {}), PORT: String(port), KEEP_ALIVE_TIMEOUT_SECONDS: String(SITE_KEEP_ALIVE_SECONDS), APP_URL, TRUST_PROXY: "1" });
    site = started;
    await started.ready;
  });

  afterAll(async () => {
    site?.child.kill("SIGTERM");
    await site?.exited;
  });

  /** The statuses of forms sent through nginx, each after an idle spell that ends as the site closes its idle connections. */
  async function formsAfterIdleSpells(upstreamKeepAlive: string | undefined, rounds: number): Promise<number[]> {
    const nginx = await startNginx([`127.0.0.1:${port}`], { upstreamKeepAlive });
    const owner = new HttpSession(nginx.url, "10.90.0.1", { fetch: httpsFetch(nginx.certificate), origin: APP_URL });
    const statuses = [(await owner.post("/blog", { q: "first" })).status];
    try {
      for (let round = 0; round < rounds; round++) {
        // Idle, as between two forms of the owner: nginx's own limit (1 s, with the kit's rule) passes first.
        await new Promise((resolve) => setTimeout(resolve, SITE_KEEP_ALIVE_SECONDS * 1000 - 300));
        nginx.pause();
        let sent: Promise<Response>;
        try {
          sent = owner.post("/blog", { q: `round ${round}` });
          await waitUntil(() => !connectionsOpenTo(port), 10_000);
        } finally {
          nginx.resume();
        }
        statuses.push((await sent).status);
      }
    } finally {
      await nginx.close();
    }
    return statuses;
  }

  it("with the kit's rule, forms sent after idle spells longer than the site's keep-alive all reach the site", async () => {
    // The site keeps idle connections as long as KEEP_ALIVE_TIMEOUT_SECONDS says, and tells its clients so.
    expect((await fetch(`${site.url}/blog`)).headers.get("keep-alive")).toBe(`timeout=${SITE_KEEP_ALIVE_SECONDS}`);
    // The blog has no form: the site itself answers every POST 405.
    expect(await formsAfterIdleSpells("1s", 2)).toEqual([405, 405, 405]);
  });

  it("with nginx keeping idle connections longer than the site (the old mismatch), such a form is answered 502", async () => {
    expect(await formsAfterIdleSpells(undefined, 1)).toEqual([405, 502]);
  });
});

/** True while an established TCP connection to or from 127.0.0.1:`port` exists (/proc/net/tcp, state 01). */
function connectionsOpenTo(port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .some(([, local = "", remote = "", state]) => state === "01" && (local.endsWith(`:${hexPort}`) || remote.endsWith(`:${hexPort}`)));
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

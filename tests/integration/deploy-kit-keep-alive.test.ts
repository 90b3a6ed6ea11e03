import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpSession } from "../support/http-session";
import { seededSqliteDataDir } from "../support/seeded-databases";
import { freePort, httpsFetch, nginxInstalled, SERVER_NAME, startNginx, type RunningNginx } from "../support/nginx";
import { spawnServer, type ServerProcess } from "../support/server-process";
import { until } from "../support/waiting";

// nginx keeps idle connections to the site open and sends later requests on them. When the site closes
// one just as nginx sends a form on it, nginx cannot resend the form and answers 502. The deploy kit's rule:
// nginx's upstream keepalive_timeout (60 s) is below the site's KEEP_ALIVE_TIMEOUT_SECONDS (65), so nginx
// always closes first. Here the same rule at a scale a test can wait for: the site keeps idle connections
// 2 s, the kit's nginx 1 s; the old mismatch is the kit's nginx as shipped (60 s) in front of that site.
//
// Which end closed a connection first is read from the system's table of connections (/proc/net/tcp), where
// that end is left in a state of its own until the connection is gone. The unlucky moment of the mismatch is
// made on purpose: nginx is stopped (as a busy machine may hold it for a moment) while its connection is idle,
// a form is sent, and nginx goes on once the site has closed that connection. nginx then still counts the
// closed connection as open.

const SITE_KEEP_ALIVE_SECONDS = 2;
/** One address for the site behind each test's nginx (its port aside), as a browser's forms name it. */
const APP_URL = `https://${SERVER_NAME}`;
if (process.env.REQUIRE_NGINX === "1" && !nginxInstalled()) throw new Error("REQUIRE_NGINX=1 but /usr/sbin/nginx is missing: apt-get install nginx (.ci/run does).");

describe.skipIf(!nginxInstalled())("nginx and the site's idle connections", () => {
  let site: ServerProcess;
  let port: number;
  let nginx: RunningNginx | undefined;

  beforeAll(async () => {
    port = await freePort();
    const dataDir = seededSqliteDataDir();
    const started = spawnServer({ ...(dataDir ? { DATA_DIR: dataDir } : {}), PORT: String(port), KEEP_ALIVE_TIMEOUT_SECONDS: String(SITE_KEEP_ALIVE_SECONDS), APP_URL, TRUST_PROXY: "1" });
    site = started;
    await started.ready;
  });

  afterAll(async () => {
    await nginx?.close();
    site?.child.kill("SIGTERM");
    await site?.exited;
  });

  /** The site behind the kit's nginx, with the upstream's keepalive_timeout given (the file's own when undefined). */
  async function owner(upstreamKeepAlive: string | undefined): Promise<HttpSession> {
    await nginx?.close();
    nginx = await startNginx([`127.0.0.1:${port}`], { upstreamKeepAlive });
    return new HttpSession(nginx.url, "10.90.0.1", { fetch: httpsFetch(nginx.certificate), origin: APP_URL });
  }

  /** The site's connections, each named by the port of its other end. */
  const otherEnds = () =>
    new Set(connections().flatMap((connection) => (connection.remotePort === port ? [connection.localPort] : connection.localPort === port && connection.remotePort !== 0 ? [connection.remotePort] : [])));

  /** Sends a form through nginx; returns its status and nginx's port of the connection to the site it opened for it. */
  async function formOnNewConnection(session: HttpSession, q: string): Promise<{ status: number; nginxPort: number }> {
    const before = otherEnds();
    const { status } = await session.post("/blog", { q });
    const opened = [...otherEnds()].filter((end) => !before.has(end));
    expect(opened).toHaveLength(1);
    return { status, nginxPort: opened[0]! };
  }

  /** Which end closed nginx's connection from `nginxPort` first, once one has. */
  const closedFirstBy = (nginxPort: number) =>
    until(() => {
      const closer = connections().find(({ localPort, remotePort, state }) => CLOSED_FIRST.has(state) && [localPort, remotePort].sort().join() === [nginxPort, port].sort().join());
      return closer && (closer.localPort === nginxPort ? "nginx" : "site");
    });

  it("with the kit's rule, nginx closes an idle connection before the site does, so forms sent after idle spells all reach the site", async () => {
    // The site keeps idle connections as long as KEEP_ALIVE_TIMEOUT_SECONDS says, and tells its clients so.
    expect((await fetch(`${site.url}/blog`)).headers.get("keep-alive")).toBe(`timeout=${SITE_KEEP_ALIVE_SECONDS}`);
    const session = await owner("1s");
    for (let round = 0; round < 3; round++) {
      // The blog has no form: the site itself answers every POST 405.
      const { status, nginxPort } = await formOnNewConnection(session, `round ${round}`);
      expect(status).toBe(405);
      // Idle, as between two forms of the owner: nginx's own limit passes first.
      expect(await closedFirstBy(nginxPort)).toBe("nginx");
    }
  });

  it("with nginx keeping idle connections longer than the site (the old mismatch), a form sent as the site closes one is answered 502", async () => {
    const session = await owner(undefined);
    const { status, nginxPort } = await formOnNewConnection(session, "first");
    expect(status).toBe(405);
    let sent: Promise<Response>;
    nginx!.pause();
    try {
      sent = session.post("/blog", { q: "as the site closes" });
      expect(await closedFirstBy(nginxPort)).toBe("site");
    } finally {
      nginx!.resume();
    }
    expect((await sent).status).toBe(502);
  });
});

/** The states of the end that closed a connection first: FIN_WAIT1, FIN_WAIT2, TIME_WAIT, CLOSING. */
const CLOSED_FIRST = new Set(["04", "05", "06", "0B"]);

/** The TCP connections of 127.0.0.1 the system knows (/proc/net/tcp): each end's port and the state of this end. */
function connections(): Array<{ localPort: number; remotePort: number; state: string }> {
  const portOf = (address: string) => Number.parseInt(address.split(":")[1]!, 16);
  return readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length > 3)
    .map(([, local = "", remote = "", state = ""]) => ({ localPort: portOf(local), remotePort: portOf(remote), state }));
}

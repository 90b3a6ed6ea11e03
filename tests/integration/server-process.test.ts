import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { printed, spawnServer } from "../support/server-process";
import { until } from "../support/waiting";

describe("the server process", () => {
  it("refuses to start on a bad setting, naming the variable and what it expects", async () => {
    const server = spawnServer({ PORT: "eighty" });
    server.ready.catch(() => {});
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:\n\s+PORT: .*number/);
    expect(server.output()).not.toMatch(/\n\s+at /); // no stack trace for a user error
  });

  it("on SIGTERM finishes the request in flight, closes the database and exits 0 before its shutdown deadline", async () => {
    // At info level the server says when the signal has landed.
    const server = spawnServer({ LOG_LEVEL: "info" });
    await server.ready;
    const walFile = path.join(server.dataDir, "app.db-wal");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const { port } = new URL(server.url);
    // A request that has begun arriving when the signal lands: the server must still answer it.
    const socket = connect(Number(port), "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    const closed = new Promise((resolve) => socket.on("close", resolve));
    await new Promise((resolve) => socket.once("connect", resolve));
    await new Promise((resolve) => socket.write("GET /about HTTP/1.1\r\nHost: localhost\r\n", resolve));
    // The server has taken the connection and read those bytes once its end holds nothing unread.
    await until(() => unreadByServer(Number(port), socket.localPort!) === 0);
    server.child.kill("SIGTERM");
    await printed(server, /shutting down: finishing in-flight requests/);
    socket.write("Accept: text/html\r\n\r\n");
    const [, code] = await Promise.all([closed, server.exited]);
    const response = Buffer.concat(received).toString();
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain("</html>");
    // Exit code 1 once the deadline has passed; and the connections were not cut for it.
    expect(code).toBe(0);
    expect(server.output()).not.toContain("shutdown deadline reached");
    // better-sqlite3 removes the write-ahead log when the last connection closes cleanly.
    expect(existsSync(walFile)).toBe(false);
  });

  it("applies migrations and seeds on start, and starts again on the same data without duplicating", async () => {
    const first = spawnServer();
    await first.ready;
    first.child.kill("SIGTERM");
    await first.exited;
    const second = spawnServer({ DATA_DIR: first.dataDir, LOG_LEVEL: "info" });
    await second.ready;
    expect(second.output()).toContain('"migrationsApplied":[]');
    expect(second.output()).toContain(`"seeded":{"settings":0,"articles":0,"products":0,"episodes":0}`);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });
});

/**
 * Bytes the server has not read yet on its end of the connection from `clientPort` to its `port` (rx_queue in
 * /proc/net/tcp), or undefined while it has no such end (the connection is not yet set up).
 */
function unreadByServer(port: number, clientPort: number): number | undefined {
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(4, "0");
  const columns = readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .find(([, local = "", remote = "", state]) => state === "01" && local.endsWith(`:${hex(port)}`) && remote.endsWith(`:${hex(clientPort)}`));
  return columns ? Number.parseInt(columns[4]!.split(":")[1]!, 16) : undefined;
}

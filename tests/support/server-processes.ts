import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { openTestDatabase, type TestDatabase } from "./databases";
import { spawnServer, type ServerProcess } from "./server-process";

/**
 * For a describe block: server processes on one test database and one data folder, as instances behind
 * a load balancer would run; `start` opens the database and starts them one after the other (the first
 * migrates and seeds). They are stopped, and the database dropped, after the block.
 */
export function processesOnOneDatabase(dialect: "sqlite" | "postgres") {
  const servers: ServerProcess[] = [];
  let database: TestDatabase | undefined;
  afterAll(async () => {
    for (const server of servers) server.child.kill("SIGTERM");
    await Promise.all(servers.map((server) => server.exited));
    await database?.drop();
  });
  async function start(count: number, env: Record<string, string> = {}): Promise<{ servers: ServerProcess[]; database: TestDatabase }> {
    database = await openTestDatabase(dialect);
    const shared = { ...database.env, DATA_DIR: database.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "processes-")), ...env };
    for (let index = 0; index < count; index++) {
      const server = spawnServer(shared);
      servers.push(server);
      await server.ready;
    }
    return { servers, database };
  }
  return { start };
}

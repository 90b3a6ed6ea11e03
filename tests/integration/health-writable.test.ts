import { randomBytes } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appOnTestDatabase, startTestApp, type TestApp } from "../support/app-server";
import { dialects, TEST_DATABASE_URL } from "../support/databases";

// /healthz reports a database that answers reads but cannot take a write: another connection holds the
// write lock (SQLite: BEGIN EXCLUSIVE on the same file; PostgreSQL: LOCK TABLE … IN EXCLUSIVE MODE,
// which still lets reads through), so the site's writes would fail or wait.

interface WriteLock {
  release: () => Promise<void>;
}

async function holdWriteLock(app: TestApp): Promise<WriteLock> {
  const { config } = app.services;
  if (!config.databaseUrl) {
    const other = new SQLite(path.join(config.dataDir, "app.db"));
    other.exec("BEGIN EXCLUSIVE");
    return {
      release: async () => {
        other.exec("ROLLBACK");
        other.close();
      },
    };
  }
  const other = new pg.Client({ connectionString: config.databaseUrl });
  await other.connect();
  await other.query("BEGIN");
  await other.query("LOCK TABLE rate_limits IN EXCLUSIVE MODE");
  return {
    release: async () => {
      await other.query("ROLLBACK");
      await other.end();
    },
  };
}

const health = async (app: TestApp) => {
  const answer = await fetch(new URL("/healthz", app.url));
  return { status: answer.status, body: (await answer.json()) as { status: string; database: { status: string; writable: boolean } } };
};

describe.each(dialects)("/healthz and a database that cannot be written, on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  it(`on ${dialect}: says ok and writable, then 503 with writable: false while the write lock is held, then ok again`, async () => {
    expect(await health(app)).toMatchObject({ status: 200, body: { status: "ok", database: { status: "up", dialect, writable: true } } });

    const lock = await holdWriteLock(app);
    try {
      const locked = await health(app);
      expect(locked).toMatchObject({ status: 503, body: { status: "error", database: { status: "up", writable: false } } });
      // Reading still works, so pages are served meanwhile.
      expect((await fetch(new URL("/about", app.url))).status).toBe(200);
    } finally {
      await lock.release();
    }

    expect(await health(app)).toMatchObject({ status: 200, body: { database: { writable: true } } });
  });

  it(`on ${dialect}: twenty parallel checks all answer ok`, async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => health(app)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
  });
});

/**
 * PostgreSQL made read-only for real: a throwaway database set to `default_transaction_read_only`,
 * and the app's connections ended so its pool opens new, read-only ones.
 */
describe.runIf(TEST_DATABASE_URL)("/healthz and a read-only PostgreSQL database", () => {
  const name = `health_${randomBytes(6).toString("hex")}`;
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL });
  const asAdmin = async (statements: string[]) => {
    const client = admin();
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const endConnections = `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`;
  let app: TestApp | undefined;
  /**
   * The app learns that its old connections were ended only when it next uses one (that check fails and
   * the connection is replaced), so the answer is taken once three checks in a row agree.
   */
  const settlesTo = async (status: number, database: string, writable: boolean) => {
    let agreeing = 0;
    await expect
      .poll(async () => {
        const { status: code, body } = await health(app!);
        agreeing = code === status && body.database.status === database && body.database.writable === writable ? agreeing + 1 : 0;
        return agreeing;
      })
      .toBe(3);
  };

  beforeAll(async () => {
    await asAdmin([`create database ${name}`]);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    app = await startTestApp({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await app?.close();
    await asAdmin([`drop database if exists ${name} with (force)`]);
  });

  it("says 503 with writable: false (and keeps serving pages), then ok once writes are allowed again", async () => {
    expect(await health(app!)).toMatchObject({ status: 200, body: { database: { writable: true } } });
    await asAdmin([`alter database ${name} set default_transaction_read_only = on`, endConnections]);
    await settlesTo(503, "up", false);
    expect((await fetch(new URL("/about", app!.url))).status).toBe(200);

    await asAdmin([`alter database ${name} reset default_transaction_read_only`, endConnections]);
    await settlesTo(200, "up", true);
  });
});

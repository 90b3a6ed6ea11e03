import { mkdtempSync, existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import type { AppServices } from "~/adapters/context.server";
import { parseConfig } from "~/lib/config.server";
import { createRequestListener, productionAssets } from "../../server/app";
import { loadBuiltAssets } from "../../server/built-assets";
import { openServices } from "../../server/bootstrap";
import { createLogger } from "../../server/logger";
import { outboxHandlers } from "../../server/outbox-handlers";
import { createRenderPool, type RenderPool, type RenderPoolOptions } from "../../server/render-pool";
import { movableClock, type MovableClock } from "./clock";
import type { TestDatabase } from "./databases";
import { openSeededTestDatabase, seededSqliteDataDir } from "./seeded-databases";
import { startS3Server, type TestS3Server } from "./s3-server";
import { until } from "./waiting";
import { PATHS } from "../../server/paths";

export interface TestApp {
  url: string;
  services: AppServices;
  /** The app's clock (`services.now`): move it forward to end a time window without waiting. */
  clock: MovableClock;
  /** The render threads, when the app was started with them. */
  renderPool?: RenderPool;
  close: () => Promise<void>;
}

/** Render threads for a test app, as production starts them (server/start-server.ts), with the test's own thresholds. */
export type TestRenderThreads = Omit<RenderPoolOptions, "threadFile" | "serverBuild" | "config" | "logger">;

const SERVER_BUILD = PATHS.serverBuild;

/**
 * The real app (production build, real database) on a free local port, in this process, with its
 * outbox worker running as in server/start-server.ts (mails leave a moment after the answer). Given
 * no DATA_DIR nor DATABASE_URL, it starts on a copy of the run's migrated and seeded SQLite database.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  logDestination?: { write: (line: string) => void },
  { renderThreads }: { renderThreads?: TestRenderThreads } = {},
): Promise<TestApp> {
  if (!existsSync(SERVER_BUILD)) throw new Error("No production build: run `npm run build` (npm test does it for you).");
  const dataDir = (!env.DATA_DIR && !env.DATABASE_URL && seededSqliteDataDir()) || mkdtempSync(path.join(tmpdir(), "app-test-"));
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env });
  const logger = logDestination ? createLogger("info", logDestination) : createLogger("silent");
  const clock = movableClock();
  const services = await openServices(config, logger, { now: clock.now });
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  const outbox = services.outbox.start(outboxHandlers(services));
  const renderPool = renderThreads && createRenderPool({ threadFile: pathToFileURL(PATHS.compiledRenderThread), serverBuild: SERVER_BUILD, config, logger, ...renderThreads });
  const server: Server = createServer(createRequestListener({ services, build, assets: productionAssets(), builtAssets: loadBuiltAssets(), renderPool }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    clock,
    renderPool,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await renderPool?.close();
      await outbox.stop();
      services.mailer.close();
      services.newsletterMailer.close();
      services.storage.close();
      services.uploads.close();
      await services.db.destroy().catch(() => {});
    },
  };
}

/**
 * For a describe block: the app on a private copy of the run's migrated and seeded database of one
 * dialect (TRUST_PROXY on, so tests can play several networks), started before its tests and closed
 * and dropped after them.
 */
export function appOnTestDatabase(dialect: "sqlite" | "postgres", env: Record<string, string> = {}, options: { renderThreads?: TestRenderThreads } = {}): TestApp {
  const app = {} as TestApp;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openSeededTestDatabase(dialect);
    Object.assign(app, await startTestApp({ ...database.env, TRUST_PROXY: "true", ...env }, undefined, options));
  });
  afterAll(async () => {
    await app.close?.();
    await database?.drop();
  });
  return app;
}

/**
 * For a describe block: the app on SQLite with its objects in a local S3-compatible server (s3rver),
 * started before the app (hooks run in order) and closed after it.
 */
export function appOnS3Storage(): TestApp {
  const env: Record<string, string> = {};
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = await startS3Server();
    Object.assign(env, s3.env);
  });
  afterAll(() => s3?.close());
  return appOnTestDatabase("sqlite", env);
}

/**
 * Mails and other deferred work are done by the outbox worker a moment after the answer: wakes it until no
 * outbox row is left unfinished, e.g. before reading the mail folder or asserting that no mail was sent.
 */
export async function outboxDrained(app: TestApp): Promise<void> {
  await until(async () => {
    app.services.outbox.wake();
    return (await app.services.db.selectFrom("outbox").select("id").where("done_at", "is", null).limit(1).execute()).length === 0;
  }, 50);
}

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { ConfigError, parseConfig } from "~/lib/config.server";
import { createRequestListener, productionAssets } from "./app";
import { loadBuiltAssets, type BuiltAssets } from "./built-assets";
import { openServices } from "./bootstrap";
import { createLogger } from "./logger";
import type { AppServices } from "~/adapters/context.server";
import { issueSetupLink, SETUP_LINK_HOURS } from "~/modules/accounts/setup-link.server";
import { outboxHandlers } from "./outbox-handlers";
import { scheduleAdminModeCleanup, scheduleBounceReading, scheduleRetention, scheduleStagedUploadCleanup, scheduleUnconfirmedAccountCleanup } from "./retention-job";
import { installGracefulShutdown } from "./shutdown";
import { keepConnectionsLongerThanTheProxy } from "./keep-alive";
import { PATHS } from "./paths";
import { startedMessage } from "./started-message";
import { createRenderPool, type RenderPool } from "./render-pool";

const SERVER_BUILD = PATHS.serverBuild;

export async function startServer({ development }: { development: boolean }): Promise<void> {
  const config = parseConfig(process.env);
  const logger = createLogger(config.logLevel);
  const services = await openServices(config, logger);
  // Pieces of uploads a crash interrupted are removed now, not at the next daily expiry.
  const leftovers = await services.uploads.removeLeftovers(services.now());
  if (leftovers > 0) logger.info({ removed: leftovers }, "staged upload leftovers removed");

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let assets: RequestHandler[];
  let builtAssets: BuiltAssets | undefined;
  let renderPool: RenderPool | undefined;
  let closeDevServer = async () => {};
  if (development) {
    const vite = await import("vite").then(({ createServer: createViteServer }) =>
      createViteServer({ server: { middlewareMode: true } }),
    );
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    assets = [vite.middlewares];
    closeDevServer = () => vite.close();
  } else {
    if (!existsSync(SERVER_BUILD)) throw new ConfigError("No production build found: run `npm run build` first.");
    build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
    assets = productionAssets();
    builtAssets = loadBuiltAssets();
    if (config.renderThreads > 0) {
      renderPool = createRenderPool({ threadFile: pathToFileURL(PATHS.compiledRenderThread), serverBuild: SERVER_BUILD, config, logger, threads: config.renderThreads });
    }
  }

  const server = createServer(createRequestListener({ services, build, assets, builtAssets, renderPool }));
  keepConnectionsLongerThanTheProxy(server, config.keepAliveTimeoutSeconds);
  server.listen(config.port, config.host, () => {
    const address = server.address() as AddressInfo;
    logger.info({ port: address.port, mode: config.mode }, "server listening");
    // APP_URL is printed only when set: unset, config.appUrl is a guess (localhost and PORT).
    console.log(`\n  ${startedMessage(address, process.env.APP_URL?.trim() ? config.appUrl : undefined)}\n`);
  });
  const stopJobs = [
    scheduleRetention(services),
    scheduleAdminModeCleanup(services),
    scheduleStagedUploadCleanup(services),
    scheduleUnconfirmedAccountCleanup(services),
    scheduleBounceReading(services),
    // Changes made through another process reach this one's page cache within a quarter of a second (one
    // small read of page_versions each time), which leaves room for a busy machine in the second promised.
    services.pageChanges.start(250),
  ];
  const outbox = services.outbox.start(outboxHandlers(services));
  if (config.adminEnabled) await printSetupLink(services);
  installGracefulShutdown(server, {
    logger,
    onClose: async () => {
      for (const stop of stopJobs) stop();
      await renderPool?.close();
      await outbox.stop();
      await closeDevServer();
      services.mailer.close();
      services.newsletterMailer.close();
      services.storage.close();
      services.uploads.close();
      await services.db.destroy();
    },
  });
}

/** While no admin exists, each start prints a fresh one-time link for the owner's first account. */
async function printSetupLink({ db, config, now }: AppServices): Promise<void> {
  const link = await issueSetupLink(db, config.appUrl, now());
  if (link) {
    console.log(`  No admin account yet. Create the owner's account here (works once, for ${SETUP_LINK_HOURS} hours):\n  ${link}\n`);
  }
}

/** Start-up failures end the process with a readable message; a configuration error has no stack trace. */
export function reportStartupFailure(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\n\nSee .env.example and the configuration table in docs/operations.md.\n`);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
}

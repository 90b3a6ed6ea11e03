import type { Server } from "node:http";
import type { Logger } from "pino";

/** The signals that stop the server gracefully (a service manager sends SIGTERM, Ctrl+C SIGINT). */
export const SHUTDOWN_SIGNALS = ["SIGTERM", "SIGINT"] as const;
/** How long a graceful stop may take before the process exits anyway (deploy/systemd waits longer). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish, close the
 * database, exit. Whatever is still open after `timeoutMs` is cut so the process always exits in time.
 */
export function installGracefulShutdown(
  server: Server,
  { logger, onClose, timeoutMs = SHUTDOWN_DEADLINE_MS }: { logger: Logger; onClose: () => Promise<void>; timeoutMs?: number },
): void {
  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("shutdown deadline reached: closing remaining connections");
      server.closeAllConnections();
    }, timeoutMs - 1000);
    const hardExit = setTimeout(() => process.exit(1), timeoutMs);
    force.unref();
    hardExit.unref();
    server.close(async () => {
      try {
        await onClose();
        logger.info("shutdown complete");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while closing");
        process.exit(1);
      }
    });
    // A keep-alive connection becomes idle once its last response is sent: close those as they appear.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  for (const signal of SHUTDOWN_SIGNALS) process.once(signal, shutdown);
}

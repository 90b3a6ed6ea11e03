import { statfs } from "node:fs/promises";
import type { RequestHandler } from "express";
import type { AppServices } from "~/adapters/context.server";
import { pingDatabase } from "~/adapters/db/database.server";
import { probeDatabaseWrite } from "~/adapters/db/write-probe.server";
import { NO_STORE } from "~/lib/plain-answers";

/** Below this much free space in DATA_DIR (uploads, mails, the SQLite file), the site reports trouble. */
export const LOW_DISK_BYTES = 100 * 1024 * 1024;

export interface HealthReport {
  status: "ok" | "error";
  database: { status: "up" | "down"; dialect: AppServices["dialect"]; writable: boolean };
  /** Only whether space is low: the free bytes themselves are no business of an anonymous caller. */
  disk: { low: boolean };
}

/** Ok only when the database answers, takes a write, and DATA_DIR has room left. */
export function summarizeHealth(dialect: HealthReport["database"]["dialect"], up: boolean, writable: boolean, freeBytes: number | null): HealthReport {
  const low = freeBytes !== null && freeBytes < LOW_DISK_BYTES;
  return {
    status: up && writable && !low ? "ok" : "error",
    database: { status: up ? "up" : "down", dialect, writable },
    disk: { low },
  };
}

async function freeBytesIn(directory: string): Promise<number | null> {
  try {
    const stats = await statfs(directory);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/**
 * GET /healthz: 200 when the database answers and takes a write and DATA_DIR has room; 503 with what
 * is wrong otherwise (`database.writable: false` for a full disk, a read-only or locked database).
 * Never cached; requests arriving while a check runs share it, so a burst makes one probe write.
 */
export function healthCheck({ db, dialect, config, now }: Pick<AppServices, "db" | "dialect" | "config" | "now">): RequestHandler {
  let running: Promise<HealthReport> | null = null;
  const check = async (): Promise<HealthReport> => {
    const up = await pingDatabase(db);
    const writable = up && (await probeDatabaseWrite(db, dialect, now()));
    return summarizeHealth(dialect, up, writable, await freeBytesIn(config.dataDir));
  };
  return async (_req, res) => {
    running ??= check().finally(() => (running = null));
    const report = await running;
    res.setHeader("Cache-Control", NO_STORE);
    res.status(report.status === "ok" ? 200 : 503).json(report);
  };
}

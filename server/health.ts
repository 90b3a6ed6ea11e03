import type { RequestHandler } from "express";
import { pingDatabase, type Db, type DialectName } from "~/adapters/db/database.server";

/** GET /healthz: 200 when the database answers, 503 when it does not. Never cached. */
export function healthCheck(db: Db, dialect: DialectName): RequestHandler {
  return async (_req, res) => {
    const databaseUp = await pingDatabase(db);
    res.setHeader("Cache-Control", "no-store");
    res.status(databaseUp ? 200 : 503).json({
      status: databaseUp ? "ok" : "error",
      database: { status: databaseUp ? "up" : "down", dialect },
    });
  };
}

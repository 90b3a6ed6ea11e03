import type { AppConfig } from "~/lib/config.server";

/** The settings a backup reads from and a restore writes to; the storage is built from the rest by the caller. */
export type SiteConfig = Pick<AppConfig, "dataDir" | "databaseUrl">;

export type DatabaseKind = "sqlite" | "postgres";

/** PostgreSQL when DATABASE_URL is set, SQLite in DATA_DIR otherwise, as the site itself decides. */
export const databaseKindOf = (config: SiteConfig): DatabaseKind => (config.databaseUrl ? "postgres" : "sqlite");

import { PostgresAdapter, type ColumnDataType, type Kysely } from "kysely";

// Accounts (the tables better-auth reads and writes, with its column names), the owner's audit log and
// security events. better-auth stores dates and booleans natively on PostgreSQL and as ISO text and 0/1
// on SQLite, so those two column kinds depend on the dialect; everything else is shared.
// tests/integration/auth-schema.test.ts checks that better-auth finds nothing missing on either database.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const date: ColumnDataType = postgres ? "timestamptz" : "varchar(32)";
  const bool: ColumnDataType = postgres ? "boolean" : "integer";

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (column) => column.primaryKey().notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("emailVerified", bool, (column) => column.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", date, (column) => column.notNull())
    .addColumn("updatedAt", date, (column) => column.notNull())
    .addColumn("twoFactorEnabled", bool)
    .addColumn("role", "text")
    .addColumn("language", "text")
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (column) => column.primaryKey().notNull())
    .addColumn("expiresAt", date, (column) => column.notNull())
    .addColumn("token", "text", (column) => column.notNull().unique())
    .addColumn("createdAt", date, (column) => column.notNull())
    .addColumn("updatedAt", date, (column) => column.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (column) => column.primaryKey().notNull())
    .addColumn("accountId", "text", (column) => column.notNull())
    .addColumn("providerId", "text", (column) => column.notNull())
    .addColumn("userId", "text", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", date)
    .addColumn("refreshTokenExpiresAt", date)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", date, (column) => column.notNull())
    .addColumn("updatedAt", date, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (column) => column.primaryKey().notNull())
    .addColumn("identifier", "text", (column) => column.notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("expiresAt", date, (column) => column.notNull())
    .addColumn("createdAt", date, (column) => column.notNull())
    .addColumn("updatedAt", date, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (column) => column.primaryKey().notNull())
    .addColumn("secret", "text", (column) => column.notNull())
    .addColumn("backupCodes", "text", (column) => column.notNull())
    .addColumn("userId", "text", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", bool)
    .addColumn("failedVerificationCount", "integer")
    .addColumn("lockedUntil", date)
    .execute();
  await db.schema.createIndex("twoFactor_secret_idx").on("twoFactor").column("secret").execute();
  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();

  // The audit log row ({actor, action, resource, details, at}); timestamps follow the project's ISO-text convention.
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    .addColumn("user_id", "text")
    .addColumn("action", "varchar(80)", (column) => column.notNull())
    .addColumn("resource", "varchar(200)", (column) => column.notNull())
    .addColumn("details", "text", (column) => column.notNull())
    .addColumn("ip_address", "varchar(64)")
    .addColumn("user_agent", "varchar(400)")
    .addColumn("session_id", "text")
    .addColumn("timestamp", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("audit_log_timestamp").on("audit_log").column("timestamp").execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "timestamp"]).execute();

  // The security event row.
  await db.schema
    .createTable("security_events")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    .addColumn("event_type", "varchar(80)", (column) => column.notNull())
    .addColumn("user_id", "text")
    .addColumn("details", "text", (column) => column.notNull())
    .addColumn("severity", "varchar(10)", (column) => column.notNull())
    .addColumn("ip_address", "varchar(64)")
    .addColumn("user_agent", "varchar(400)")
    .addColumn("timestamp", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("security_events_timestamp").on("security_events").column("timestamp").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["security_events", "audit_log", "twoFactor", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}

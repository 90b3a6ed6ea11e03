/**
 * What a snapshot leaves out, so that whoever holds a backup holds no way into the site. These tables
 * are in the snapshot with their columns and no rows: their rows are keys, or only mean something
 * to sessions that end at a restore anyway.
 * - session: every signed-in browser's token;
 * - verification: the auth library's one-time values (password resets, sign-in links, two-factor challenges);
 * - admin_setup_tokens: the one-time admin setup link;
 * - admin_modes: which session has verified admin access;
 * - rate_limits: attempt counters, which would again count attempts made before the backup.
 * The secret that signs session cookies (the data folder's session-secret) is not in a snapshot either:
 * a restored site uses SESSION_SECRET, or draws a new secret at its first start.
 */
export const TABLES_LEFT_OUT = ["session", "verification", "admin_setup_tokens", "admin_modes", "rate_limits"] as const;

/** The rows a snapshot counts for a table: none for the tables it leaves out. */
export function withoutLeftOutRows(tables: Record<string, number>): Record<string, number> {
  const counted = { ...tables };
  for (const table of TABLES_LEFT_OUT) if (table in counted) counted[table] = 0;
  return counted;
}

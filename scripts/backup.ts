import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup, defaultBackupName } from "~/modules/backup/backup.server";
import { argumentsOrUsage, formatBytes, runOnConfiguredSite } from "~/modules/backup/script-support.server";

/**
 * `npm run backup [-- --out PATH]`: a snapshot of the site, while it runs, of the configured database
 * (DATA_DIR / DATABASE_URL) and the stored files (DATA_DIR/objects or S3_*), without sessions,
 * one-time links nor the session secret (app/modules/backup/left-out.ts).
 * PATH ending in .tar.gz or .tar makes one archive; any other PATH a folder. By default a
 * .tar.gz named by the time, in ./backups.
 */
const { out } = argumentsOrUsage(
  () => parseArgs({ options: { out: { type: "string" } }, strict: true }).values,
  "Usage: npm run backup [-- --out backups/my-backup.tar.gz]",
);

await runOnConfiguredSite("The backup failed, and no snapshot was written.", async (config, storage, signal) => {
  const target = path.resolve(out ?? path.join("backups", defaultBackupName(new Date())));
  const manifest = await createBackup({ config, storage, now: () => new Date(), log: (line) => console.log(line), signal }, target);
  const rows = Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0);
  const fileBytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  console.log(
    `Backup written to ${target}\n` +
      `  database: ${manifest.database.kind}, ${rows} rows in ${Object.keys(manifest.database.tables).length} tables (${formatBytes(manifest.database.size)})\n` +
      `  stored files: ${manifest.files.length} (${formatBytes(fileBytes)})\n` +
      "  left out: sessions, sign-in, reset and setup links, admin modes, attempt counters and the session secret\n" +
      "Keep several backups, and copy them off this machine.",
  );
});

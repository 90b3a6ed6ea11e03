import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "~/modules/backup/restore.server";
import { argumentsOrUsage, runOnConfiguredSite } from "~/modules/backup/script-support.server";

/**
 * `npm run restore -- PATH`: brings the snapshot at PATH (a folder, .tar or .tar.gz made by
 * `npm run backup`) back into an empty site as configured now: DATA_DIR, and DATABASE_URL and S3_*
 * when set. It refuses a non-empty target and a damaged snapshot, changing nothing.
 */
const source = argumentsOrUsage(() => {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new Error("Name one backup to restore.");
  return path.resolve(positionals[0]!);
}, "Usage: npm run restore -- backups/backup-2026-01-31T02-00-00Z.tar.gz");

await runOnConfiguredSite("The restore did not happen.", async (config, storage, signal) => {
  const manifest = await restoreBackup({ config, storage, log: (line) => console.log(line), signal }, source);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? "the PostgreSQL database" : config.dataDir}` +
      ` with ${manifest.files.length} stored files${storage.kind === "s3" ? " in the S3 bucket" : ""}.\n` +
      "Every session has ended: everyone, you included, must sign in again.\n" +
      "Start the site (npm start) and check it before pointing visitors at it.",
  );
});

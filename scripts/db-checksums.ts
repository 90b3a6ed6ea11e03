import { driftOf, recordNewMigrations } from "./migration-checksums";

// `npm run db:checksums`: records the SHA-256 of each new migration in db/migrations/checksums.json.
// It never rewrites a recorded one: a changed or removed migration is reported and the command fails.
const drift = driftOf();
if (drift.changed.length > 0 || drift.removed.length > 0) {
  for (const name of drift.changed) console.error(`${name} differs from its recorded checksum.`);
  for (const name of drift.removed) console.error(`${name} is recorded but no longer exists.`);
  console.error(
    "Migrations on main are frozen: restore them and add a new migration for the change instead.\n" +
      "Only a migration that has never reached main may be edited: delete its line from db/migrations/checksums.json, then run this again.",
  );
  process.exit(1);
}
const added = recordNewMigrations();
console.log(added.length ? `Recorded ${added.join(", ")} in db/migrations/checksums.json.` : "Every migration is already recorded.");

import { BackupError } from "./backup-error";

/** What a database holds, as a manifest records it and a restore checks it. */
export interface DatabaseContents {
  /** The last migration applied (null before the first). */
  migration: string | null;
  /** Rows per table. */
  tables: Record<string, number>;
}

/** Throws when a restored database does not hold the rows the manifest lists. */
export function checkRestoredContents(expected: DatabaseContents, restored: DatabaseContents): void {
  const names = new Set([...Object.keys(expected.tables), ...Object.keys(restored.tables)]);
  const differences = [...names]
    .filter((name) => expected.tables[name] !== restored.tables[name])
    .map((name) => `${name}: ${expected.tables[name] ?? "no table"} in the snapshot, ${restored.tables[name] ?? "no table"} restored`);
  if (expected.migration !== restored.migration) differences.push(`migration: ${expected.migration} in the snapshot, ${restored.migration} restored`);
  if (differences.length > 0) throw new BackupError(`The restored database differs from the snapshot's manifest:\n  ${differences.join("\n  ")}`);
}

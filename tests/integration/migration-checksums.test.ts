import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checksumOf, driftOf, MIGRATIONS_DIR, readChecksums, recordNewMigrations } from "../../scripts/migration-checksums";

const copies: string[] = [];
afterEach(() => copies.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function copyOfMigrations(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
  copies.push(folder);
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  // A migration not recorded yet in the working tree is the first test's to report, not this copy's.
  recordNewMigrations(folder);
  return folder;
}

describe("migration checksums", () => {
  it("match db/migrations/checksums.json: no recorded migration changed or removed, every migration recorded", () => {
    const { changed, removed, unlisted } = driftOf();
    expect(changed, "Migrations on main are frozen: restore these and put the change in a new migration").toEqual([]);
    expect(removed, "These recorded migrations are gone: restore them (a database that ran them still expects them)").toEqual([]);
    expect(
      unlisted,
      `Record new migrations with \`npm run db:checksums\`, or add these lines to db/migrations/checksums.json:\n${unlisted
        .map((name) => `  "${name}": "${checksumOf(path.join(MIGRATIONS_DIR, name))}",`)
        .join("\n")}`,
    ).toEqual([]);
  });

  it("notice an edited, a removed and a new migration; recording adds the new one and leaves the edited one flagged", () => {
    const folder = copyOfMigrations();
    appendFileSync(path.join(folder, "0002-articles.ts"), "\n// an edit after the fact\n");
    rmSync(path.join(folder, "0003-comments-and-rate-limits.ts"));
    writeFileSync(path.join(folder, "9999-new-table.ts"), "export async function up() {}\n");
    expect(driftOf(folder)).toEqual({ changed: ["0002-articles.ts"], removed: ["0003-comments-and-rate-limits.ts"], unlisted: ["9999-new-table.ts"] });

    expect(recordNewMigrations(folder)).toEqual(["9999-new-table.ts"]);
    expect(readChecksums(folder)["9999-new-table.ts"]).toBe(checksumOf(path.join(folder, "9999-new-table.ts")));
    expect(readChecksums(folder)["0002-articles.ts"]).toBe(readChecksums(MIGRATIONS_DIR)["0002-articles.ts"]);
    expect(driftOf(folder)).toEqual({ changed: ["0002-articles.ts"], removed: ["0003-comments-and-rate-limits.ts"], unlisted: [] });
  });

  it("read Windows line endings as the same text", () => {
    const folder = copyOfMigrations();
    const file = path.join(folder, "0001-settings.ts");
    const before = checksumOf(file);
    writeFileSync(file, readFileSync(file, "utf8").replace(/\n/g, "\r\n"));
    expect(checksumOf(file)).toBe(before);
  });
});

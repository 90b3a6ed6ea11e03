import { chmodSync, mkdirSync } from "node:fs";
import { open } from "node:fs/promises";

/** Everything in DATA_DIR is for the user that runs the site alone: no access for its group or others. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/**
 * From now on, files and folders this process creates get no group or other permissions (umask 077),
 * including those made by libraries that take no mode: SQLite's -wal and -shm files and the tus
 * upload store.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/** Creates `folder` (and missing parents) if needed, and narrows it to 0700 if an older start left it open. */
export function ensurePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  restrictMode(folder, PRIVATE_FOLDER_MODE);
}

/**
 * Narrows an existing file or folder to its owner. A missing one is skipped, and so is one this
 * process's user does not own (EPERM): the site still starts, as it did before.
 */
export function restrictMode(file: string, mode = PRIVATE_FILE_MODE): void {
  try {
    chmodSync(file, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "EPERM") throw error;
  }
}

/** Waits until a written file is on the disk, not only in the system's write cache (before a rename makes it count). */
export async function flushToDisk(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

import { randomBytes, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Names and clean-up of the filesystem storage's writes in progress (`objects/.tmp/`). A write names its
 * temporary file after its writer: this machine, this process's id and a value drawn once per process.
 * Several processes may share the folder (the site, and `npm run backup` or `restore` beside it), so a
 * leftover is removed only when its writer is known to be gone, never merely because it is old.
 */

/** Drawn once per process: a container's process is pid 1 at every start, and this tells the starts apart. */
const THIS_START = randomBytes(6).toString("hex");
/** This machine's name in a file name: what a host name may hold, and nothing that separates the parts. */
const THIS_HOST = hostname().toLowerCase().replace(/[^a-z0-9.-]/g, "") || "host";
/** A writer on another machine (a shared folder) cannot be asked: its leftovers go after a day. */
const OTHER_HOST_STALE_MS = 24 * 60 * 60 * 1000;

/** `host~pid~start~uuid` (and the sidecar's `….json`): who writes it, and a name of its own. */
export function temporaryName(): string {
  return `${THIS_HOST}~${process.pid}~${THIS_START}~${randomUUID()}`;
}

const NAME = /^([a-z0-9.-]+)~(\d+)~([0-9a-f]{12})~[0-9a-f-]{36}(?:\.json)?$/;

/** Whether a process with this id runs on this machine (one we may not signal still runs). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the write that left `name` (modified at `modifiedAt`) can no longer finish. */
export function isAbandoned(name: string, modifiedAt: Date, now: Date = new Date()): boolean {
  const parts = NAME.exec(name);
  // Named otherwise, by an older version of the site: one still running would be that old a process.
  if (!parts) return modifiedAt.getTime() < now.getTime() - process.uptime() * 1000;
  const [, host, pid, start] = parts;
  if (host !== THIS_HOST) return now.getTime() - modifiedAt.getTime() > OTHER_HOST_STALE_MS;
  if (Number(pid) === process.pid) return start !== THIS_START;
  return !isRunning(Number(pid));
}

/**
 * Removes from `folder` the temporary files whose writer is gone: a crash between the write and its
 * rename leaves one, and nothing else would ever remove it. Returns how many were removed.
 */
export async function removeAbandonedTemporaryFiles(folder: string): Promise<number> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const stats = await stat(file).catch(() => null);
    if (!stats || !isAbandoned(name, stats.mtime)) continue;
    await rm(file, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

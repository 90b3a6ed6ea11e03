import { spawn } from "node:child_process";
import { BackupError } from "./backup-error";

export type PostgresTool = "pg_dump" | "pg_restore";

const installHint = (major?: number) =>
  `Install PostgreSQL's client programs, ${major ? `version ${major}` : "the version of your PostgreSQL server"} or newer ` +
  `(on Debian or Ubuntu: apt install postgresql-client${major ? `-${major}` : ""}, from apt.postgresql.org if your system's own is older), then run the command again.`;

/**
 * Runs pg_dump or pg_restore and resolves with what it printed; a missing program or a failure becomes
 * an error that says what to do. The password travels in PGPASSWORD, not on the command line, where
 * every user of the machine could read it. Stopped through `signal`, it rejects with the signal's reason.
 */
export function runPostgresTool(tool: PostgresTool, args: string[], { databaseUrl, signal }: { databaseUrl?: string; signal?: AbortSignal } = {}): Promise<string> {
  const { url, password } = databaseUrl ? withoutPassword(databaseUrl) : { url: undefined, password: undefined };
  const child = spawn(tool, url ? [...args, `--dbname=${url}`] : args, {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
    ...(signal ? { signal } : {}),
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (signal?.aborted) reject(signal.reason);
      else reject(error.code === "ENOENT" ? new BackupError(`${tool} was not found on this machine. ${installHint()}`) : error);
    });
    child.on("close", (code) => {
      if (signal?.aborted) reject(signal.reason);
      else if (code === 0) resolve(output);
      else reject(new BackupError(`${tool} failed (exit code ${code}):\n${output.trim()}`));
    });
  });
}

/** Refuses a pg_dump or pg_restore older than the server: it cannot read a newer server's catalogue. */
export async function checkToolVersion(tool: PostgresTool, serverVersionNum: number): Promise<void> {
  const printed = await runPostgresTool(tool, ["--version"]);
  const toolMajor = Number(/(\d+)(?:\.\d+)*/.exec(printed)?.[1] ?? 0);
  const serverMajor = Math.floor(serverVersionNum / 10_000);
  if (toolMajor < serverMajor) {
    throw new BackupError(`${tool} here is version ${toolMajor}, older than the PostgreSQL server (version ${serverMajor}). ${installHint(serverMajor)}`);
  }
}

function withoutPassword(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = "";
  return { url: url.toString(), password };
}

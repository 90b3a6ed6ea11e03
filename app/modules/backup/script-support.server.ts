import { createObjectStorage, type ObjectStorage } from "~/adapters/storage/object-storage.server";
import { ConfigError, parseConfig, type AppConfig } from "~/lib/config.server";
import { keepNewFilesPrivate } from "~/lib/private-files.server";
import { BackupError } from "./backup-error";
import { stopOnSignals } from "./stop-on-signals";

/**
 * Left unset, SESSION_SECRET is read from (or first written to) the data folder when the configuration
 * is parsed. Neither script uses the secret, and a restore must find the data folder as the owner left
 * it, so they parse the configuration with a stand-in; no snapshot holds the secret (left-out.ts).
 */
const UNUSED_SECRET = "not-used-by-backup-or-restore-not-used-by-backup-or-restore";

export function configForBackupScripts(env: Record<string, string | undefined>): AppConfig {
  return parseConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET?.trim() ? env.SESSION_SECRET : UNUSED_SECRET });
}

/** What the owner reads when a script fails: a known problem in plain words, anything else in full. */
export function failureMessage(error: unknown): string {
  if (error instanceof BackupError || error instanceof ConfigError) return error.message;
  return `Unexpected error (please report it with this text):\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** The command line's arguments, or the usage and exit code 2 when they are wrong. */
export function argumentsOrUsage<T>(parse: () => T, usage: string): T {
  try {
    return parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

/**
 * Runs a backup or restore against the configured site, with its storage open; a failure is printed
 * after `failureHeading` and ends the process with exit code 1.
 */
export async function runOnConfiguredSite(
  failureHeading: string,
  work: (config: AppConfig, storage: ObjectStorage, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  keepNewFilesPrivate();
  const interruption = stopOnSignals(process, (line) => console.error(line));
  try {
    const config = configForBackupScripts(process.env);
    const storage = await createObjectStorage(config);
    try {
      await work(config, storage, interruption.signal);
    } finally {
      storage.close();
    }
  } catch (error) {
    console.error(`${failureHeading}\n${failureMessage(interruption.signal.aborted ? interruption.signal.reason : error)}`);
    process.exitCode = 1;
  } finally {
    interruption.release();
  }
}

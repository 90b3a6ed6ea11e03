import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** What a clone does not hold, or the copy must not share: installed packages, history, data, snapshots, results. */
const NOT_COPIED = new Set(["node_modules", ".git", "data", "backups", "test-results", ".react-router", path.join("bench", "results")]);

/**
 * A production install as `npm install && npm run build && npm prune --omit=dev` leaves a clone, made
 * without the network: the repository's files and its build copied into a temporary folder, this
 * checkout's node_modules copied beside them (hard links: seconds, no disk), and npm's own prune run
 * there offline. What npm keeps is then exactly what a server keeps.
 */
export function productionInstall(root: string): { folder: string } {
  const folder = mkdtempSync(path.join(tmpdir(), "production-install-"));
  cpSync(root, folder, { recursive: true, filter: (source) => !NOT_COPIED.has(path.relative(root, source)) });
  const modules = path.join(root, "node_modules");
  // A temporary folder on another file system cannot hold hard links: then a real copy.
  if (run("cp", ["-al", modules, folder], root).status !== 0) run("cp", ["-a", modules, folder], root, true);
  run("npm", ["prune", "--omit=dev", "--no-save", "--offline", "--no-audit", "--no-fund"], folder, true);
  return { folder };
}

function run(command: string, args: string[], cwd: string, mustSucceed = false) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, NODE_ENV: "production", npm_config_update_notifier: "false" } });
  if (mustSucceed && result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  return result;
}

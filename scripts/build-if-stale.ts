import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { PATHS } from "../server/paths";

/** Sources whose change requires a new production build. */
const SOURCES = ["app", "content", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"].map((name) => path.join(PATHS.root, name));
const BUILD_MARKER = PATHS.serverBuild;

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

export function buildIsStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => newestModification(source) > built);
}

/** Runs `react-router build` when the build is missing or older than the sources. */
export function buildIfStale(): void {
  if (!buildIsStale()) return;
  console.log("Building the site for production…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", cwd: PATHS.root });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

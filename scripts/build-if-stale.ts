import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PATHS } from "../server/paths";
import { buildServer } from "./build-server";
import { precompressAssets } from "./precompress-assets";

/** One build: the file it writes last (its marker) and the sources whose change calls for it again. */
interface Build {
  what: string;
  marker: string;
  sources: string[];
  run: () => void;
}

const fromRoot = (names: string[]) => names.map((name) => path.join(PATHS.root, name));

const BUILDS: Build[] = [
  {
    what: "the site (React Router)",
    marker: PATHS.serverBuild,
    sources: fromRoot(["app", "content", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"]),
    run: () => {
      const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", cwd: PATHS.root });
      if (result.status !== 0) fail(result.status);
      precompressAssets();
    },
  },
  {
    what: "the server",
    marker: PATHS.compiledServer,
    sources: fromRoot(["server", "app", "content", "db", "tsconfig.json", "package-lock.json", "scripts/build-server.ts"]),
    run: () => {
      try {
        buildServer();
      } catch {
        fail(1);
      }
    },
  },
];

function fail(status: number | null): never {
  console.error("The build failed; see the messages above.");
  process.exit(status ?? 1);
}

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

function isStale({ marker, sources }: Build): boolean {
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return sources.some((source) => newestModification(source) > built);
}

export function buildIsStale(): boolean {
  return BUILDS.some(isStale);
}

/**
 * A production install keeps only `dependencies` (`npm prune --omit=dev`), so the build tools are gone and
 * `npx react-router build` would try to fetch them. There the existing build is started as it is (npm's
 * prune may touch package-lock.json, which alone would make the build look stale); without one, the start
 * stops and says how to build.
 */
function buildToolsInstalled(): boolean {
  try {
    createRequire(path.join(PATHS.root, "package.json")).resolve("@react-router/dev/package.json");
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `react-router build` and compiles the server (scripts/build-server.ts), each when missing or older than
 * its sources. In this order, each checked just before it would run: `react-router build` empties build/,
 * the compiled server's folder included.
 */
export function buildIfStale(): void {
  if (!buildToolsInstalled()) {
    if (BUILDS.every((build) => existsSync(build.marker))) {
      // After a `git pull` without a build, the site would otherwise run the old version without a word.
      if (buildIsStale()) {
        console.warn(
          "The sources changed since the last build, but the build tools are not installed (a production install): starting the existing build.\n" +
            "To run the new version: `npm install --include=dev && npm run build && npm prune --omit=dev`, then start again.",
        );
      }
      return;
    }
    console.error("No build found, and the build tools are not installed (a production install).\nRun `npm install --include=dev && npm run build && npm prune --omit=dev`, then start again.");
    process.exit(1);
  }
  for (const build of BUILDS) {
    if (!isStale(build)) continue;
    console.log(`Building ${build.what} for production…`);
    build.run();
  }
}

// `npm start` runs this file first, then the compiled server with plain node.
if (process.argv[1] === import.meta.filename) buildIfStale();

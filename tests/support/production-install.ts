import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A production install made without the network, as `npm install && npm run build && npm prune --omit=dev`
 * leaves a clone: the repository's files and its build copied into a temporary folder, and in its
 * node_modules only the packages `dependencies` need, each a link to the package already installed here.
 *
 * Node would follow those links to this checkout's node_modules, where every development package is
 * installed too, and a missing dependency would go unnoticed: processes started in the copy run with
 * NODE_OPTIONS=--preserve-symlinks (PRODUCTION_NODE_OPTIONS), so each package is looked up from the
 * copy's node_modules only.
 */
export const PRODUCTION_NODE_OPTIONS = "--preserve-symlinks";

/** What a clone does not hold, or the copy must not share: installed packages, history, data, snapshots, results. */
const NOT_COPIED = new Set(["node_modules", ".git", "data", "backups", "test-results", ".react-router", path.join("bench", "results")]);

interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  bin?: string | Record<string, string>;
  name?: string;
}

const readPackage = (folder: string): PackageJson => JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as PackageJson;

/** The folder of `name` as Node finds it from `from`: its node_modules, then each parent's, up to `root`. */
function findPackage(name: string, from: string, root: string): string | null {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    if (folder === root || path.dirname(folder) === folder) return null;
  }
}

/**
 * The installed packages the root's `dependencies` need, transitively, as npm keeps them when it prunes the
 * development ones: each package's dependencies, its optional ones that are installed, and its peers unless
 * marked optional. Folders relative to `root` (node_modules/express, node_modules/a/node_modules/b).
 */
export function productionPackages(root: string): string[] {
  const found = new Set<string>();
  const visit = (folder: string) => {
    const manifest = readPackage(folder);
    const required = Object.keys(manifest.dependencies ?? {});
    // Optional packages (a platform's build of a native module) and peers are kept when installed.
    const optionalPeers = manifest.peerDependenciesMeta ?? {};
    const ifInstalled = [...Object.keys(manifest.optionalDependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional)];
    for (const name of [...required, ...ifInstalled]) {
      const location = findPackage(name, folder, root);
      if (!location) {
        if (required.includes(name)) throw new Error(`${name}, needed by ${path.relative(root, folder) || "package.json"}, is not installed`);
        continue;
      }
      const relative = path.relative(root, location);
      if (found.has(relative)) continue;
      found.add(relative);
      visit(location);
    }
  };
  visit(root);
  return [...found].sort();
}

/** node_modules/a/node_modules/b → node_modules/a; node_modules/@scope/a/… → node_modules/@scope/a. */
function topLevelFolder(folder: string): string {
  const parts = folder.split(path.sep);
  return parts.slice(0, parts[1]!.startsWith("@") ? 3 : 2).join(path.sep);
}

/** The copy's node_modules: a link per top-level package (nested ones come inside it), and npm's .bin links for them. */
function linkPackages(root: string, target: string): string[] {
  const topLevel = [...new Set(productionPackages(root).map(topLevelFolder))];
  const bin = path.join(target, "node_modules", ".bin");
  mkdirSync(bin, { recursive: true });
  for (const folder of topLevel) {
    mkdirSync(path.dirname(path.join(target, folder)), { recursive: true });
    symlinkSync(path.join(root, folder), path.join(target, folder), "dir");
    const manifest = readPackage(path.join(root, folder));
    const commands = typeof manifest.bin === "string" ? { [manifest.name!.split("/").pop()!]: manifest.bin } : (manifest.bin ?? {});
    for (const [command, file] of Object.entries(commands)) {
      if (!existsSync(path.join(bin, command))) symlinkSync(path.join("..", path.relative("node_modules", folder), file), path.join(bin, command));
    }
  }
  return topLevel;
}

/** Copies the repository at `root` (built) into a fresh folder with only the production packages, and returns it. */
export function productionInstall(root: string): { folder: string; packages: string[] } {
  const folder = mkdtempSync(path.join(tmpdir(), "production-install-"));
  cpSync(root, folder, { recursive: true, filter: (source) => !NOT_COPIED.has(path.relative(root, source)) });
  return { folder, packages: linkPackages(root, folder) };
}

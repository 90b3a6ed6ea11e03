import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The repository's root: the nearest folder above this file that holds package.json. Found from this
 * file's own place rather than the working directory, so `npm start` run from anywhere (a service
 * manager, another folder) reads the same files; and found by looking up rather than by a fixed number of
 * steps, because this file runs both from server/ (tsx) and bundled into build/entry/ (the compiled server).
 */
function repositoryRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, "package.json"))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${from}`);
  }
}

const ROOT = repositoryRoot(import.meta.dirname);

export const PATHS = {
  root: ROOT,
  /** Sample content and the lists pages render (content/README.md). */
  content: path.join(ROOT, "content"),
  clientBuild: path.join(ROOT, "build", "client"),
  serverBuild: path.join(ROOT, "build", "server", "index.js"),
  /** The compiled Express entry `npm start` runs with plain node (scripts/build-server.ts). */
  compiledServer: path.join(ROOT, "build", "entry", "main.js"),
  /** The compiled render thread beside it (server/render-thread.ts, started by server/render-pool.ts). */
  compiledRenderThread: path.join(ROOT, "build", "entry", "render-thread.js"),
} as const;

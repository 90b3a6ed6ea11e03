import path from "node:path";

/**
 * Where the repository's folders are, found from this file's own place rather than the working
 * directory, so `npm start` run from anywhere (a service manager, another folder) reads the same files.
 */
const ROOT = path.resolve(import.meta.dirname, "..");

export const PATHS = {
  root: ROOT,
  /** Sample content and the lists pages render (content/README.md). */
  content: path.join(ROOT, "content"),
  clientBuild: path.join(ROOT, "build", "client"),
  serverBuild: path.join(ROOT, "build", "server", "index.js"),
} as const;

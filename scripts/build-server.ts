import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { PATHS } from "../server/paths";

/**
 * Compiles the Express entry (server/main.ts and everything under it that is not a package) into plain
 * JavaScript in build/entry/, so `npm start` runs it with `node` and no TypeScript loader
 * (docs/decisions/053-compiled-server-and-heavy-modules-on-first-use.md). Packages stay outside the bundle
 * and load from node_modules. Each dynamic `import()` becomes a file of its own (splitting), so a module
 * loaded on first use, and the packages it imports, stay unloaded until then.
 */
export const COMPILED_SERVER_DIR = path.dirname(PATHS.compiledServer);
/** The cover worker starts from a file beside its adapter's code (app/adapters/documents/pdf-cover.server.ts). */
const PDF_COVER_WORKER = path.join(PATHS.root, "app", "adapters", "documents", "pdf-cover.worker.mjs");
/** The WAV to MP3 worker, likewise (app/adapters/audio/mp3-encoder.server.ts). */
const MP3_WORKER = path.join(PATHS.root, "app", "adapters", "audio", "wav-to-mp3.worker.mjs");

export function buildServer(): void {
  rmSync(COMPILED_SERVER_DIR, { recursive: true, force: true });
  buildSync({
    absWorkingDir: PATHS.root,
    // The render thread (server/render-pool.ts) is a second entry: it shares the server's code as chunks.
    entryPoints: { [path.basename(PATHS.compiledServer, ".js")]: path.join(PATHS.root, "server", "main.ts"), [path.basename(PATHS.compiledRenderThread, ".js")]: path.join(PATHS.root, "server", "render-thread.ts") },
    outdir: COMPILED_SERVER_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    // Stack traces point into server/ and app/ with `node --enable-source-maps`.
    sourcemap: true,
    logLevel: "warning",
  });
  copyFileSync(PDF_COVER_WORKER, path.join(COMPILED_SERVER_DIR, path.basename(PDF_COVER_WORKER)));
  copyFileSync(MP3_WORKER, path.join(COMPILED_SERVER_DIR, path.basename(MP3_WORKER)));
}

if (process.argv[1] === import.meta.filename) buildServer();

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PATHS } from "../server/paths";
import { PRECOMPRESSED_TYPES } from "../server/built-assets";
import { COMPRESSION_THRESHOLD } from "../server/compress-answers";

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip level 9) beside every built script and
 * stylesheet under build/client/assets, once per build: the server sends them as they are
 * (server/built-assets.ts) instead of compressing the same file again for every visitor.
 */
export function precompressAssets(folder = path.join(PATHS.clientBuild, "assets")): void {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (!PRECOMPRESSED_TYPES.test(name) || statSync(file).size < COMPRESSION_THRESHOLD) continue;
    const bytes = readFileSync(file);
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const gzip = gzipSync(bytes, { level: 9 });
    if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
  }
}

if (process.argv[1] === import.meta.filename) precompressAssets();

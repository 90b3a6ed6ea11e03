import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildIfStale } from "../scripts/build-if-stale";
import { SAMPLE_ARTICLE } from "../tests/support/routes";
import { spawnServer } from "../tests/support/server-process";

/**
 * `npm run bench:js`: the gzip JavaScript each public page loads before it is interactive (every
 * /assets/*.js its HTML names by src= or href=, as bench/http.ts counts it), next to the 120 KB goal,
 * in every language, and what a browser that takes brotli receives (the build's .br copies, sent as they are).
 * `--files` lists each page's scripts. Sizes of files, so the numbers are exact.
 */
const GOAL_KB = 120;
const PAGES = ["/", "/blog", `/blog/${SAMPLE_ARTICLE}`, "/podcast", "/shop", "/about"];
const PREFIXES = ["", "/es", "/pt", "/fr"];
const listFiles = process.argv.includes("--files");

/** The build's brotli copy of a script, or the script itself when it has none (under 1 KB). */
function brotliBytes(script: string): number {
  const file = path.join("build/client", script);
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

buildIfStale();
const server = spawnServer();
await server.ready;
try {
  const rows = [];
  for (const prefix of PREFIXES) {
    for (const page of PAGES) {
      const pagePath = prefix + (page === "/" && prefix ? "" : page);
      const html = await (await fetch(server.url + pagePath)).text();
      const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!))];
      const sizes = scripts.map((script) => ({ script, bytes: gzipSync(readFileSync(path.join("build/client", script))).length, brotli: brotliBytes(script) }));
      const bytes = sizes.reduce((sum, size) => sum + size.bytes, 0);
      const brotli = sizes.reduce((sum, size) => sum + size.brotli, 0);
      rows.push({
        page: pagePath,
        files: scripts.length,
        "JS gzip KB": (bytes / 1024).toFixed(1),
        [`goal ≤ ${GOAL_KB}`]: bytes <= GOAL_KB * 1024 ? "yes" : "NO",
        "JS brotli KB (sent)": (brotli / 1024).toFixed(1),
        "HTML gzip KB": (gzipSync(html).length / 1024).toFixed(1),
      });
      if (listFiles) for (const size of sizes) console.log(`${pagePath}\t${(size.bytes / 1024).toFixed(1)} KB\t${size.script}`);
    }
  }
  console.table(rows);
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
}

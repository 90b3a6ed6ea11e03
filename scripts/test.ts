import { spawnSync } from "node:child_process";
import { runSideBySide, vitestArguments } from "./test-lanes";
import { findChromium } from "../tests/support/browser";
import { buildIfStale } from "./build-if-stale";

/**
 * `npm test`: builds when needed, then runs unit, integration and browser tests. Browser tests need
 * Chromium; without it they are skipped with a notice, unless REQUIRE_BROWSER=1 makes that a failure.
 * `--e2e-only` runs the browser tests alone (`npm run test:e2e`), `--no-browser` everything else
 * (`npm run test:fast`). Extra arguments go to Vitest (a file name, `-t "pattern"`). With both, the browser
 * tests run beside the others (scripts/test-lanes.ts).
 */
const FLAGS = ["--e2e-only", "--no-browser"];
const args = process.argv.slice(2);
const e2eOnly = args.includes("--e2e-only");
const noBrowser = args.includes("--no-browser");
const vitestArgs = args.filter((arg) => !FLAGS.includes(arg));

buildIfStale();

const projects = e2eOnly ? [] : ["unit", "integration"];
const chromium = noBrowser ? null : findChromium();
if (chromium) {
  projects.push("e2e");
} else if (noBrowser) {
  console.log("The browser tests are left out (--no-browser).");
} else if (process.env.REQUIRE_BROWSER === "1") {
  console.error("\nREQUIRE_BROWSER=1 but no Chromium was found (looked at CHROME_PATH, /usr/bin/chromium).\n");
  process.exit(1);
} else {
  console.warn(
    "\nNOTICE: no Chromium found, so the browser tests are SKIPPED.\n" +
      "        Install it with `apt-get install chromium` or set CHROME_PATH, then run npm test again.\n",
  );
}
if (!process.env.TEST_DATABASE_URL) {
  console.warn(
    "NOTICE: TEST_DATABASE_URL is not set, so repository tests run on SQLite only.\n" +
      "        Set it to a PostgreSQL database you can write to (postgres://user@host/db) to test both.\n",
  );
}

const env = { ...process.env, CHROME_PATH: chromium ?? "", POSTGRES_NOTICE_SHOWN: "1" };
const browserLane = projects.includes("e2e");
const otherLane = projects.filter((name) => name !== "e2e");
if (!browserLane || otherLane.length === 0) {
  process.exit(runVitest(projects, env));
}
process.exit(await runSideBySide([otherLane, ["e2e"]], env, vitestArgs));

function runVitest(lane: string[], environment: NodeJS.ProcessEnv): number {
  return spawnSync("npx", vitestArguments(lane, vitestArgs), { stdio: "inherit", env: environment }).status ?? 1;
}

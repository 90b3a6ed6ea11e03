import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfStale } from "../scripts/build-if-stale";
import { PATHS } from "../server/paths";
import { SAMPLE_ARTICLE } from "../tests/support/routes";
import { spawnServer, type ServerProcess } from "../tests/support/server-process";
import { wrk } from "./wrk";

/**
 * `npm run bench:side-by-side -- <commit> [path]`: this checkout's build and another commit's, both loaded
 * at the same time, round after round. This machine's speed drifts by about ±15 % from one minute to the
 * next, so two runs of `npm run bench` taken apart cannot show a change of a few percent; two servers
 * loaded together share the same minutes, and the median ratio of their rates can (the same build against
 * itself: a median within about ±3 %, single rounds within ±5 %). Each server renders every request (no
 * page cache) unless `--cached` is given. A commit with the same package-lock.json runs on this checkout's
 * dependencies; one with other dependencies (another React Router, patches applied at install) gets its
 * own `npm install` in its copy first, so the comparison measures the whole change.
 */
const args = process.argv.slice(2);
const cached = args.includes("--cached");
/** `--other-env=NAME=value`: set for the other server only, so HEAD against itself measures a setting (RENDER_THREADS=0). */
const otherEnv = Object.fromEntries(args.filter((arg) => arg.startsWith("--other-env=")).map((arg) => arg.slice("--other-env=".length).split(/=(.*)/s, 2) as [string, string]));
const [ref, pagePath = `/blog/${SAMPLE_ARTICLE}`] = args.filter((arg) => !arg.startsWith("--"));
if (!ref) {
  console.error("usage: npm run bench:side-by-side -- <commit> [path] [--cached] [--other-env=NAME=value…]");
  process.exit(2);
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 10;
const CONNECTIONS = 20;
const HEADERS = { "Accept-Encoding": "gzip" };

const git = (...gitArgs: string[]) => execFileSync("git", gitArgs, { cwd: PATHS.root, encoding: "utf8" }).trim();
const commit = git("rev-parse", "--short", `${ref}^{commit}`);
const ownDependencies = git("diff", commit, "--", "package.json", "package-lock.json") !== "";

// A run stopped while it built (a signal waits for the build to end) may have left its copy behind.
const COPY_PREFIX = path.join(tmpdir(), "side-by-side-");
for (const line of git("worktree", "list", "--porcelain").split("\n")) {
  const copy = line.startsWith("worktree ") ? line.slice("worktree ".length) : "";
  if (copy.startsWith(COPY_PREFIX)) git("worktree", "remove", "--force", copy);
}

buildIfStale();
const other = mkdtempSync(`${COPY_PREFIX}${commit}-`);
git("worktree", "add", "--detach", other, commit);
const removeWorktree = () => {
  git("worktree", "remove", "--force", other);
  if (existsSync(other)) rmSync(other, { recursive: true, force: true });
};
/** The two servers while they run: stopped with the bench, however it ends. */
const servers: Array<ServerProcess & { ready: Promise<void> }> = [];
// Stopped with Ctrl-C or a SIGTERM, the servers end and the other commit's copy goes all the same.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const server of servers) server.child.kill("SIGTERM");
    removeWorktree();
    process.exit(130);
  });
}
try {
  if (ownDependencies) {
    console.log(`Installing ${commit}'s own dependencies in ${other} (its package.json or lock differs)…`);
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: other, stdio: "inherit" });
  } else {
    symlinkSync(path.join(PATHS.root, "node_modules"), path.join(other, "node_modules"));
  }
  console.log(`Building ${commit} in ${other}…`);
  execFileSync("npm", ["run", "build"], { cwd: other, stdio: "ignore" });
  await compare(path.join(other, "build", "entry", "main.js"));
} finally {
  removeWorktree();
}

async function compare(otherEntry: string): Promise<void> {
  const env = { LOG_LEVEL: "info", TRUST_PROXY: "true", ...(cached ? {} : { PAGE_CACHE_MB: "0" }) };
  servers.push(spawnServer(env), spawnServer({ ...env, ...otherEnv }, { entry: otherEntry }));
  try {
    await Promise.all(servers.map((server) => server.ready));
    for (const server of servers) {
      // Their logs are read and dropped, as a log collector would take them.
      server.child.stdout!.removeAllListeners("data");
      server.child.stdout!.resume();
    }
    const load = (seconds: number) =>
      Promise.all(servers.map((server) => wrk(server.url + pagePath, { connections: CONNECTIONS, seconds, headers: HEADERS })));
    await load(WARM_UP_SECONDS);
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const [mine, theirs] = await load(SECONDS);
      rounds.push({ round, "this req/s": Math.round(mine!.requestsPerSecond), [`${commit} req/s`]: Math.round(theirs!.requestsPerSecond), ratio: mine!.requestsPerSecond / theirs!.requestsPerSecond, errors: mine!.errors + theirs!.errors });
    }
    const ratios = rounds.map((row) => row.ratio).sort((a, b) => a - b);
    const middle = Math.floor(ratios.length / 2);
    const median = ratios.length % 2 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
    const setting = Object.entries(otherEnv).map(([name, value]) => ` (${commit} with ${name}=${value})`).join("");
    console.log(`\n${pagePath}${setting}, ${cached ? "page cache on" : "no page cache"}, both servers loaded at once with wrk -t1 -c${CONNECTIONS}, ${SECONDS} s a round after ${WARM_UP_SECONDS} s of warm-up:`);
    console.table(rounds.map((row) => ({ ...row, ratio: row.ratio.toFixed(3) })));
    console.log(`This checkout against ${commit}: ${median.toFixed(3)} (median of ${ROUNDS}); the same build against itself lands within about ±0.03.`);
  } finally {
    for (const server of servers) server.child.kill("SIGTERM");
    await Promise.all(servers.map((server) => server.exited));
  }
}

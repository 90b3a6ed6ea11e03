import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app"), "@content": path.resolve(import.meta.dirname, "content") };

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Vitest's default on a 2-core machine is one file at a time, across all projects; most files wait on servers,
    // databases and the browser, so two run at once (a browser file beside an integration file, or two of those).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        // 20 s, not 5: the translator's check of every key of every language took over 5 s on a slow machine.
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"], environment: "node", testTimeout: 20_000 },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // One migrated and seeded database per run, copied by each test app instead of migrating at its start.
          globalSetup: ["tests/support/database-templates.setup.ts"],
          // The load tests (bursts of parallel sign-ins, guesses, uploads) take 20-30 s on a slow machine:
          // a limit for a test that hangs, not a measure of speed (that is the benchmarks' job).
          testTimeout: 60_000,
          // A production install (npm install of the dependencies alone) took over 60 s on a slow machine.
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // A limit for a test that hangs: an axe check alone takes 2-5 s here, and four to five times that on a
          // slow machine while the other lane runs beside it.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // One browser, one server: files run one after another so timings stay honest on 2 cores.
          fileParallelism: false,
          // The route checks run concurrently; two at a time keep both cores busy (the file takes as long as with
          // five) while each check waits on fewer neighbours, so no single one nears its time limit.
          maxConcurrency: 2,
        },
      },
    ],
  },
});

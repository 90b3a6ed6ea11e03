import path from "node:path";
import { defineConfig } from "vitest/config";
import { HANG_GUARD_MS, WAIT_GUARD_MS } from "./tests/support/waiting";

const alias = { "~": path.resolve(import.meta.dirname, "app"), "@content": path.resolve(import.meta.dirname, "content") };

// Every test and hook of every project gets the same hang guard, and every `expect.poll` the guard of one wait
// (tests/support/waiting.ts): tests wait on events and clocks, so a loaded machine makes them slower, not wrong.
const hangGuard = { testTimeout: HANG_GUARD_MS, hookTimeout: HANG_GUARD_MS, expect: { poll: { timeout: WAIT_GUARD_MS } } };

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Vitest's default on a 2-core machine is one file at a time, across all projects; most files wait on servers,
    // databases and the browser, so two run at once (a browser file beside an integration file, or two of those).
    maxWorkers: 2,
    // The global setups' teardowns (a server stopped, template databases dropped) on a loaded machine.
    teardownTimeout: HANG_GUARD_MS,
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"], environment: "node", ...hangGuard },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // One migrated and seeded database per run, copied by each test app instead of migrating at its start.
          globalSetup: ["tests/support/database-templates.setup.ts"],
          ...hangGuard,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          ...hangGuard,
          // One browser, one server: files run one after another so timings stay honest on 2 cores.
          fileParallelism: false,
          // The route checks run concurrently; two at a time keep both cores busy (the file takes as long as with
          // five) while each check waits on fewer neighbours.
          maxConcurrency: 2,
        },
      },
    ],
  },
});

import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("the summary of a run in which a file's setup fails", () => {
  it("counts the tests that setup kept from running as failed, and names them, in the line CI reads", () => {
    // Vitest itself reports them as skipped: a broken server start must not pass for a deliberate skip.
    const run = spawnSync("npx", ["vitest", "run", "--config", "tests/fixtures/failing-setup/vitest.config.ts"], { encoding: "utf8", env: { ...process.env, TEST_RESULTS_FILE: "" } });
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines.at(-1)).toBe("tests: 0 passed, 2 failed");
    expect(lines).toContain("  setup-fails.fixture.ts > a file whose setup fails > first: not run, its setup failed: the server did not start");
    expect(run.status).not.toBe(0);
  });
});

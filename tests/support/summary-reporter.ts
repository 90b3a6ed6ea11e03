import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestModule, TestSuite, Vitest } from "vitest/node";

export interface FileResult {
  /** The file's path relative to the repository, e.g. tests/integration/seo.test.ts. */
  file: string;
  project: string;
  /** Milliseconds spent on the file: environment, imports, setup files, then its tests and hooks. */
  milliseconds: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Each failed test of the file: its full name, then the first line of its first error. */
  failures?: string[];
}

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`.padStart(8);

/**
 * The end of the run's output: every file's duration (by path), the ten slowest files, the failed tests by name
 * (CI may keep only the tail of a long run's output, where Vitest's own report of them is long gone), then the
 * plain line "tests: N passed, N failed" LAST, because CI reads the final line.
 */
export function summaryLines(files: ReadonlyArray<FileResult>): string[] {
  const row = (result: FileResult) => `${seconds(result.milliseconds)}  ${result.project.padEnd(11)} ${result.file}`;
  const byPath = [...files].sort((a, b) => a.file.localeCompare(b.file) || a.project.localeCompare(b.project));
  const slowest = [...files].sort((a, b) => b.milliseconds - a.milliseconds).slice(0, 10);
  const total = files.reduce((sum, result) => sum + result.milliseconds, 0);
  const count = (key: "passed" | "failed" | "skipped") => files.reduce((sum, result) => sum + result[key], 0);
  const skipped = count("skipped");
  const failures = byPath.flatMap((result) => (result.failures ?? []).map((failure) => `  ${result.file} > ${failure}`));
  return [
    "",
    `Durations per test file (${files.length} files, ${seconds(total).trim()} summed over workers):`,
    ...byPath.map(row),
    "",
    slowest.length === 1 ? "The slowest test file:" : `The ${slowest.length} slowest test files:`,
    ...slowest.map(row),
    "",
    ...(failures.length ? ["Failed:", ...failures, ""] : []),
    `tests: ${count("passed")} passed, ${count("failed")} failed${skipped ? `, ${skipped} skipped` : ""}`,
  ];
}

const firstLine = (message: string | undefined) => (message ?? "no message").split("\n", 1)[0]!.slice(0, 300);

/** The suite or file around a test whose setup (a beforeAll hook, say) failed, if one did. */
function failedAround(test: TestCase): TestSuite | TestModule | undefined {
  for (let at: TestSuite | TestModule = test.parent; ; at = at.parent) {
    if (at.state() === "failed") return at;
    if (at.type === "module") return undefined;
  }
}

/** One file's counts and time as Vitest reports them; a file that failed before any test ran counts as one failure. */
export function fileResult(module: TestModule, root: string): FileResult {
  const result: FileResult = { file: path.relative(root, module.moduleId), project: module.project.name, milliseconds: 0, passed: 0, failed: 0, skipped: 0 };
  const failures: string[] = [];
  for (const test of module.children.allTests()) {
    const outcome = test.result();
    const brokenSetup = outcome.state === "skipped" ? failedAround(test) : undefined;
    if (outcome.state === "passed") result.passed++;
    else if (outcome.state === "failed") {
      result.failed++;
      failures.push(`${test.fullName}: ${firstLine(outcome.errors?.[0]?.message)}`);
    } else if (brokenSetup) {
      // Not run because its file's or suite's setup failed: a failure, which "skipped" would hide.
      result.failed++;
      failures.push(`${test.fullName}: not run, its setup failed: ${firstLine(brokenSetup.errors()[0]?.message)}`);
    } else result.skipped++;
  }
  if (module.state() === "failed" && result.passed + result.failed + result.skipped === 0) {
    result.failed++;
    failures.push(`(the file itself): ${firstLine(module.errors()[0]?.message)}`);
  }
  if (failures.length) result.failures = failures;
  const diagnostic = module.diagnostic();
  result.milliseconds =
    diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
  return result;
}

/**
 * Ends the run with per-file durations, the ten slowest files, and one plain line any CI can read. When
 * TEST_RESULTS_FILE names a file, the results go there instead, for `npm test` to print one summary of the
 * Vitest runs it started side by side.
 */
export default class SummaryReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const results = testModules.map((module) => fileResult(module, this.root));
    const resultsFile = process.env.TEST_RESULTS_FILE;
    if (resultsFile) writeFileSync(resultsFile, JSON.stringify(results));
    else console.log(summaryLines(results).join("\n"));
  }
}

import { describe, expect, it } from "vitest";
import { LOW_DISK_BYTES, summarizeHealth } from "./health";

describe("the /healthz summary", () => {
  it("is ok only when the database answers, takes a write and DATA_DIR has room", () => {
    expect(summarizeHealth("sqlite", true, true, LOW_DISK_BYTES * 10).status).toBe("ok");
    expect(summarizeHealth("sqlite", true, false, LOW_DISK_BYTES * 10)).toMatchObject({ status: "error", database: { status: "up", writable: false } });
    expect(summarizeHealth("postgres", false, false, null)).toMatchObject({ status: "error", database: { status: "down" }, disk: { low: false } });
  });

  it("reports a nearly full data folder", () => {
    expect(summarizeHealth("sqlite", true, true, LOW_DISK_BYTES - 1)).toMatchObject({ status: "error", disk: { low: true } });
  });
});

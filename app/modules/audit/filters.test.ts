import { describe, expect, it } from "vitest";
import { dayAfter, filterQuery, isDay, parseAuditFilters, parseSecurityFilters } from "./filters";

const params = (query: string) => new URLSearchParams(query);

describe("parseAuditFilters", () => {
  it("reads the filters, trimmed, empty ones as null, page 1 by default", () => {
    expect(parseAuditFilters(params("action=comment.approved&actor=%20Owner@Example.org%20&from=2026-01-01&to=2026-01-31"))).toEqual({
      ok: true,
      page: 1,
      filters: { action: "comment.approved", actor: "Owner@Example.org", from: "2026-01-01", to: "2026-01-31" },
    });
    expect(parseAuditFilters(params("action=&page=3"))).toEqual({ ok: true, page: 3, filters: { action: null, actor: null, from: null, to: null } });
  });

  it("names bad input and keeps what was typed", () => {
    expect(parseAuditFilters(params("from=2026-02-30"))).toMatchObject({ ok: false, error: "invalidDate", filters: { from: "2026-02-30" } });
    expect(parseAuditFilters(params("to=yesterday"))).toMatchObject({ ok: false, error: "invalidDate" });
    expect(parseAuditFilters(params("from=2026-02-02&to=2026-02-01"))).toMatchObject({ ok: false, error: "dateOrder" });
    expect(parseAuditFilters(params(`actor=${"x".repeat(300)}`))).toMatchObject({ ok: false, error: "tooLong" });
    expect(parseAuditFilters(params("page=-1"))).toMatchObject({ ok: false, error: "invalidPage" });
  });
});

describe("parseSecurityFilters", () => {
  it("accepts the four severities or none", () => {
    expect(parseSecurityFilters(params("severity=high&page=2"))).toEqual({ ok: true, page: 2, filters: { severity: "high", order: "newest" } });
    expect(parseSecurityFilters(params(""))).toEqual({ ok: true, page: 1, filters: { severity: null, order: "newest" } });
    expect(parseSecurityFilters(params("severity=HIGH"))).toMatchObject({ ok: false, error: "invalidSeverity" });
  });

  it("lists newest first unless most severe first is asked for, and names any other order", () => {
    expect(parseSecurityFilters(params("order=severity"))).toEqual({ ok: true, page: 1, filters: { severity: null, order: "severity" } });
    expect(parseSecurityFilters(params("order=oldest"))).toMatchObject({ ok: false, error: "invalidOrder", filters: { order: "oldest" } });
  });
});

describe("days", () => {
  it("checks calendar days and finds the next one in UTC", () => {
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2023-02-29")).toBe(false);
    expect(isDay("2024-2-1")).toBe(false);
    expect(dayAfter("2026-12-31")).toBe("2027-01-01T00:00:00.000Z");
  });

  it("builds query strings from the filters that are set", () => {
    expect(filterQuery({ action: "a b", actor: null, from: "" }, { page: 2 })).toBe("?action=a+b&page=2");
    expect(filterQuery({ action: null })).toBe("");
  });
});

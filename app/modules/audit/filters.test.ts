import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { auditFilterSchema, securityFilterSchema, typedAuditFilters } from "./filter-forms";
import { dayAfter, filterQuery, isDay } from "./filters";

const params = (query: string) => new URLSearchParams(query);
const audit = (query: string) => parseInput(auditFilterSchema, params(query));
const security = (query: string) => parseInput(securityFilterSchema, params(query));

describe("auditFilterSchema", () => {
  it("reads the filters, trimmed, empty ones as null, page 1 by default", () => {
    expect(audit("action=comment.approved&actor=%20Owner@Example.org%20&from=2026-01-01&to=2026-01-31")).toEqual({
      ok: true,
      value: { action: "comment.approved", actor: "Owner@Example.org", from: "2026-01-01", to: "2026-01-31", page: 1 },
    });
    expect(audit("action=&page=3")).toEqual({ ok: true, value: { action: null, actor: null, from: null, to: null, page: 3 } });
  });

  it("names bad input, and the form keeps what was typed", () => {
    expect(audit("from=2026-02-30")).toEqual({ ok: false, errors: { from: "invalidDate" } });
    expect(typedAuditFilters(params("from=2026-02-30"))).toEqual({ action: "", actor: "", from: "2026-02-30", to: "" });
    expect(audit("to=yesterday")).toEqual({ ok: false, errors: { to: "invalidDate" } });
    expect(audit("from=2026-02-02&to=2026-02-01")).toEqual({ ok: false, errors: { form: "dateOrder" } });
    expect(audit(`actor=${"x".repeat(300)}`)).toEqual({ ok: false, errors: { actor: "tooLong" } });
    expect(audit("page=-1")).toEqual({ ok: false, errors: { page: "invalidPage" } });
  });
});

describe("securityFilterSchema", () => {
  it("accepts the four severities or none", () => {
    expect(security("severity=high&page=2")).toEqual({ ok: true, value: { severity: "high", order: "newest", page: 2 } });
    expect(security("")).toEqual({ ok: true, value: { severity: null, order: "newest", page: 1 } });
    expect(security("severity=HIGH")).toEqual({ ok: false, errors: { severity: "invalidSeverity" } });
  });

  it("lists newest first unless most severe first is asked for, and names any other order", () => {
    expect(security("order=severity")).toEqual({ ok: true, value: { severity: null, order: "severity", page: 1 } });
    expect(security("order=oldest")).toEqual({ ok: false, errors: { order: "invalidOrder" } });
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

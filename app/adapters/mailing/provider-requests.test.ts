import { describe, expect, it } from "vitest";
import { isImport, providerDateTime, providerRequests, requestBody } from "./provider-requests";

describe("MailerLite request bodies", () => {
  it("writes dates as MailerLite reads them, in UTC, and refuses what is not a date", () => {
    expect(providerDateTime("2026-11-02T08:15:30.999Z")).toBe("2026-11-02 08:15:30");
    expect(providerDateTime("2026-11-02T09:15:30+01:00")).toBe("2026-11-02 08:15:30");
    expect(providerDateTime("yesterday")).toBeUndefined();
  });

  it("sends only what is known: names as fields, groups, status and when the subscriber confirmed", () => {
    expect(requestBody({ name: "Ada", lastName: null, groups: [], status: "active", optedInAt: "2026-11-02T08:15:30Z" })).toEqual({ fields: { name: "Ada" }, status: "active", opted_in_at: "2026-11-02 08:15:30" });
    expect(requestBody({ status: "unsubscribed" })).toEqual({ status: "unsubscribed" });
  });

  it("counts a batch as an import only when every request in it is an upsert", () => {
    const upsert = providerRequests.upsert({ email: "a@example.org" });
    const update = providerRequests.update("12", { status: "active" });
    expect(update).toEqual({ method: "PUT", path: "subscribers/12", body: { status: "active" } });
    expect(isImport([upsert, upsert])).toBe(true);
    expect(isImport([upsert, update])).toBe(false);
    expect(isImport([upsert])).toBe(false);
  });
});

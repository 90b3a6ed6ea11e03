import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app-server";
import { until } from "../support/waiting";

const lines: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { write: (line) => void lines.push(line) });
});
afterAll(() => app.close());

describe("request logs", () => {
  it("record method, path and status, and never cookies, query strings or addresses", async () => {
    await fetch(`${app.url}/subscribe?email=reader%40example.org&source=footer-newsletter`, {
      headers: { cookie: "lang=en; session=secret-token-value", authorization: "Bearer abc" },
    });
    // The line is written once the answer has finished, which the client may see first: wait for it.
    const logged = () => lines.map((line) => JSON.parse(line)).find((log) => log.req?.path === "/subscribe");
    const entry = await until(logged);
    expect(entry).toMatchObject({ req: { method: "GET", path: "/subscribe" }, res: { statusCode: 200 } });
    const all = lines.join("\n");
    for (const secret of ["reader", "example.org", "secret-token-value", "Bearer abc"]) expect(all).not.toContain(secret);
  });

  it("record an unsubscribe link's path without its token", async () => {
    const token = "a".repeat(43);
    for (const path of [`/unsubscribe/${token}`, `/fr/unsubscribe/${token}`]) await (await fetch(app.url + path)).text();
    const logged = () => lines.map((line) => JSON.parse(line)).filter((log) => /\/unsubscribe\//.test(log.req?.path ?? ""));
    await until(() => logged().length >= 2);
    expect(logged().map((log) => log.req.path)).toEqual(["/unsubscribe/[redacted]", "/fr/unsubscribe/[redacted]"]);
    expect(lines.join("\n")).not.toContain(token);
  });

  it("leave the logger's redaction of every other line in place (access lines skip it: they hold no secret)", async () => {
    await (await fetch(`${app.url}/contact`)).text();
    app.services.logger.info({ subscriber: { email: "reader@example.org" } }, "another line");
    const other = () => lines.map((line) => JSON.parse(line)).find((log) => log.msg === "another line");
    expect((await until(other)).subscriber).toEqual({ email: "[redacted]" });
  });
});

describe("request logs of pages answered from the page cache", () => {
  it("record the same line, without the query", async () => {
    await fetch(`${app.url}/about?utm_source=reader%40example.org`);
    const hit = await fetch(`${app.url}/about?utm_source=reader%40example.org`);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    const logs = () => lines.map((line) => JSON.parse(line)).filter((log) => log.req?.path === "/about");
    await until(() => logs().length >= 2);
    expect(logs()).toHaveLength(2);
    expect(logs()[1]).toMatchObject({ msg: "request completed", req: { method: "GET", path: "/about" }, res: { statusCode: 200 } });
    expect(typeof logs()[1].responseTime).toBe("number");
    expect(lines.join("\n")).not.toContain("example.org");
  });
});

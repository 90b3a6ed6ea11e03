import { describe, expect, it } from "vitest";
import { pageBytesOf, pageResponse } from "./page-response";

const PAGE = Buffer.from("<!DOCTYPE html><html><body>Olá, diáspora</body></html>");

describe("a rendered page's Response", () => {
  it("hands the server the very bytes, with the status and headers given", () => {
    const response = pageResponse(PAGE, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
    expect(pageBytesOf(response)).toBe(PAGE);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(pageBytesOf(new Response(PAGE))).toBeUndefined();
  });

  it("reads as the same page whichever way anything else reads it", async () => {
    expect(await pageResponse(PAGE, {}).text()).toBe(PAGE.toString("utf8"));
    expect(Buffer.from(await pageResponse(PAGE, {}).arrayBuffer()).equals(PAGE)).toBe(true);
    expect(await new Response(pageResponse(PAGE, {}).body).text()).toBe(PAGE.toString("utf8"));
    const copy = pageResponse(PAGE, { status: 201 }).clone();
    expect(copy.status).toBe(201);
    expect(await copy.text()).toBe(PAGE.toString("utf8"));
  });
});

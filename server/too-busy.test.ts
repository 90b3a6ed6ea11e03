import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendTooBusy } from "./cached-pages";

const app = express();
app.use((req, res) => sendTooBusy(req, res));
let server: ReturnType<typeof app.listen>;
let url = "";
beforeAll(async () => {
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the answer when too many new pages wait", () => {
  it("is a 503 to come back in a few seconds, never stored, in the page's language", async () => {
    const french = await fetch(`${url}/fr/blog?q=x`);
    expect(french.status).toBe(503);
    expect(french.headers.get("retry-after")).toBe("5");
    expect(french.headers.get("cache-control")).toBe("no-store");
    expect(await french.text()).toBe("Le site est très sollicité. Veuillez réessayer dans quelques secondes.");
    expect(await (await fetch(`${url}/blog`)).text()).toBe("The site is busy. Please try again in a few seconds.");
  });
});

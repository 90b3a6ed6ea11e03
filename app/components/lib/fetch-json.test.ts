import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchJson, HttpError } from "./fetch-json";

/** A real local HTTP server whose answers follow a script per path. */
let server: Server;
let base: string;
const hits = new Map<string, number>();
const scripts: Record<string, number[]> = {
  "/flaky": [503, 200],
  "/down": [503, 503, 503],
  "/missing": [404, 200],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const count = hits.get(req.url!) ?? 0;
    hits.set(req.url!, count + 1);
    const status = scripts[req.url!]?.[count] ?? 500;
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ status }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("fetchJson", () => {
  it("retries a failed request once and returns the second answer", async () => {
    await expect(fetchJson(`${base}/flaky`)).resolves.toEqual({ status: 200 });
    expect(hits.get("/flaky")).toBe(2);
  });

  it("gives up after one retry", async () => {
    await expect(fetchJson(`${base}/down`)).rejects.toBeInstanceOf(HttpError);
    expect(hits.get("/down")).toBe(2);
  });

  it("does not retry an answer the server will repeat (4xx)", async () => {
    await expect(fetchJson(`${base}/missing`)).rejects.toMatchObject({ status: 404 });
    expect(hits.get("/missing")).toBe(1);
  });
});

import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtAssetLane, loadBuiltAssets } from "./built-assets";
import { createLogger } from "./logger";

const script = Buffer.from("export const words = [" + '"diaspora", '.repeat(200) + "];\n");
const folder = mkdtempSync(path.join(tmpdir(), "built-assets-"));
writeFileSync(path.join(folder, "with-copies.js"), script);
writeFileSync(path.join(folder, "with-copies.js.br"), brotliCompressSync(script));
writeFileSync(path.join(folder, "with-copies.js.gz"), gzipSync(script, { level: 9 }));
writeFileSync(path.join(folder, "without-copies.js"), script);
writeFileSync(path.join(folder, "font.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));

let server: Server;
let base: string;
beforeAll(async () => {
  const lane = builtAssetLane({
    assets: loadBuiltAssets(folder),
    logger: createLogger("silent"),
    trustsProxy: () => false,
    next: (_req, res) => res.end("the application"),
  });
  server = createServer(lane);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(address: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request(base + address, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("the built assets' lane", () => {
  it("sends the copy the browser accepts from memory", async () => {
    const brotli = await get("/assets/with-copies.js", { "accept-encoding": "gzip, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.body.equals(brotliCompressSync(script))).toBe(true);
    const plain = await get("/assets/with-copies.js", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
  });

  it("leaves to the application a script the build made no copy of, a query, another method and any other name", async () => {
    for (const [address, method] of [
      ["/assets/without-copies.js", "GET"],
      ["/assets/with-copies.js?v=2", "GET"],
      ["/assets/with-copies.js", "POST"],
      ["/assets/with-copies.js.br", "GET"],
      ["/assets/nope.js", "GET"],
    ] as const) {
      expect((await get(address, { "accept-encoding": "gzip" }, method)).body.toString(), `${method} ${address}`).toBe("the application");
    }
  });

  it("sends a font as it is, with its type and no Vary", async () => {
    const font = await get("/assets/font.woff2", { "accept-encoding": "gzip, br" });
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.headers.vary).toBeUndefined();
    expect(font.body.length).toBe(7);
  });
});

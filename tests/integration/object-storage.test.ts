import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStorage, InvalidObjectKeyError, newObjectKey, type ObjectStorage } from "~/adapters/storage/object-storage.server";
import { serveObject, serveSignedObject } from "~/adapters/storage/serve-object.server";
import { createSignedLinks } from "~/adapters/storage/signed-links.server";
import { parseConfig } from "~/lib/config.server";
import { startS3Server } from "../support/s3-server";

/**
 * One contract, two implementations: everything below runs against the folder
 * storage and against S3, the latter through s3rver, a local S3-compatible server that checks
 * request signatures. Nothing is mocked. The file is a little over 300 lines because the serving
 * checks belong to the same contract: they run on both backends, inside the same describe.each.
 */
interface Backend {
  storage: ObjectStorage;
  /** The filesystem storage's DATA_DIR, inside a folder of its own (to see that nothing lands beside it). */
  dataDir?: string;
  close: () => Promise<void>;
}

const backends: Array<[string, () => Promise<Backend>]> = [
  [
    "filesystem (DATA_DIR/objects)",
    async () => {
      const parent = mkdtempSync(path.join(tmpdir(), "objects-"));
      const dataDir = path.join(parent, "data");
      return { storage: await createObjectStorage({ dataDir, s3: undefined }), dataDir, close: async () => rmSync(parent, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const s3 = await startS3Server();
      const storage = await createObjectStorage({ dataDir: tmpdir(), s3: s3.settings });
      return {
        storage,
        close: async () => {
          storage.close();
          await s3.close();
        },
      };
    },
  ],
];

const FIVE_MB = randomBytes(5 * 1024 * 1024 + 321);
const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const chunks = (data: Buffer, size = 64 * 1024) => Readable.from((function* () { for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size); })());
async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
const BAD_KEYS = ["../x", "/abs", "", "a/../../x", "../../x", "a/./b", ".meta/x"];

describe.each(backends)("object storage: %s", (_name, open) => {
  let backend: Backend;
  let storage: ObjectStorage;
  beforeAll(async () => {
    backend = await open();
    storage = backend.storage;
  });
  afterAll(() => backend.close());

  it("keeps a buffer with its content type and Cache-Control, and tells its size", async () => {
    const key = newObjectKey("test/audio", "mp3");
    const body = Buffer.from("ID3 not really audio");
    const stored = await storage.put(key, body, { contentType: "audio/mpeg", cacheControl: "public, max-age=3600" });
    expect(stored).toMatchObject({ size: body.length, contentType: "audio/mpeg", cacheControl: "public, max-age=3600" });
    expect(stored.etag).toMatch(/^".+"$/);
    expect(await storage.head(key)).toMatchObject({ size: body.length, contentType: "audio/mpeg", etag: stored.etag });
    expect(await storage.exists(key)).toBe(true);
    const got = await storage.get(key);
    expect(got).toMatchObject({ size: body.length, contentType: "audio/mpeg", cacheControl: "public, max-age=3600" });
    expect((await readAll(got!.body)).equals(body)).toBe(true);
  });

  it("streams a 5 MB body in and out without changing a byte", async () => {
    const key = newObjectKey("test/audio", "wav");
    const stored = await storage.put(key, chunks(FIVE_MB), { contentType: "audio/wav" });
    expect(stored.size).toBe(FIVE_MB.length);
    const got = await storage.get(key);
    expect(got?.size).toBe(FIVE_MB.length);
    expect(sha(await readAll(got!.body))).toBe(sha(FIVE_MB));
  });

  it("stores a file from disk and leaves the file where it was", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "upload-")), "episode.m4a");
    writeFileSync(file, FIVE_MB.subarray(0, 300_000));
    const key = newObjectKey("test/audio", "m4a");
    expect((await storage.putFile(key, file, { contentType: "audio/mp4" })).size).toBe(300_000);
    expect(existsSync(file)).toBe(true);
    const got = await storage.get(key);
    expect(got?.contentType).toBe("audio/mp4");
    expect((await readAll(got!.body)).equals(FIVE_MB.subarray(0, 300_000))).toBe(true);
    await expect(storage.putFile(newObjectKey("test", "bin"), `${file}.missing`, { contentType: "audio/mp4" })).rejects.toThrow();
    rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it("replaces an object put again under the same key, with a new ETag", async () => {
    const key = newObjectKey("test/covers", "png");
    const first = await storage.put(key, Buffer.from("first"), { contentType: "image/png" });
    const second = await storage.put(key, Buffer.from("second version"), { contentType: "image/webp" });
    expect(second.etag).not.toBe(first.etag);
    const got = await storage.get(key);
    expect(got).toMatchObject({ size: 14, contentType: "image/webp" });
    expect((await readAll(got!.body)).toString()).toBe("second version");
  });

  it("reads byte ranges: the first bytes, the middle, the last bytes, an end past the size", async () => {
    const key = newObjectKey("test/audio", "mp3");
    await storage.put(key, FIVE_MB, { contentType: "audio/mpeg" });
    const size = FIVE_MB.length;
    for (const [start, end] of [[0, 99], [2_000_000, 3_000_000], [size - 100, size - 1], [size - 10, size + 1000]] as const) {
      const got = await storage.get(key, { start, end });
      const last = Math.min(end, size - 1);
      expect(got).toMatchObject({ size, contentType: "audio/mpeg", range: { start, end: last } });
      expect((await readAll(got!.body)).equals(FIVE_MB.subarray(start, last + 1)), `${start}-${end}`).toBe(true);
    }
    await expect(storage.get(key, { start: size, end: size + 10 })).rejects.toThrow(RangeError);
  });

  it("answers null for a key that was never stored", async () => {
    const key = newObjectKey("test", "mp3");
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(key, { start: 0, end: 10 })).toBeNull();
    expect(await storage.head(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
  });

  it("deletes, and deleting again or deleting what never was is not an error", async () => {
    const key = newObjectKey("test", "pdf");
    await storage.put(key, Buffer.from("%PDF-1.7"), { contentType: "application/pdf" });
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    await storage.delete(newObjectKey("test", "pdf"));
  });

  it("keeps nothing when the incoming stream fails half-way (after a first 5 MB part on S3)", async () => {
    const key = newObjectKey("test/audio", "mp3");
    const failing = Readable.from((async function* () {
      yield* chunks(FIVE_MB);
      throw new Error("connection dropped");
    })());
    await expect(storage.put(key, failing, { contentType: "audio/mpeg" })).rejects.toThrow();
    expect(await storage.exists(key)).toBe(false);
  });

  it.each(BAD_KEYS)("refuses the key %j on every call", async (key) => {
    await expect(storage.put(key, Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(InvalidObjectKeyError);
    await expect(storage.putFile(key, import.meta.filename, { contentType: "text/plain" })).rejects.toThrow(InvalidObjectKeyError);
    await expect(storage.get(key)).rejects.toThrow(InvalidObjectKeyError);
    await expect(storage.head(key)).rejects.toThrow(InvalidObjectKeyError);
    await expect(storage.exists(key)).rejects.toThrow(InvalidObjectKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidObjectKeyError);
  });

  it("refuses a content type that could break a header", async () => {
    for (const contentType of ["", "audio", "text/html\r\nSet-Cookie: a=b", "audio/mpeg\n"]) {
      await expect(storage.put(newObjectKey("test", "mp3"), Buffer.from("x"), { contentType })).rejects.toThrow(TypeError);
    }
  });

  it("writes nothing outside its folder, and keeps each object as a plain file (filesystem)", async () => {
    if (!backend.dataDir) return;
    const parent = path.dirname(backend.dataDir);
    // objects/../x would be data/x, and objects/../../x would be beside data/.
    for (const key of BAD_KEYS) await storage.put(key, Buffer.from("escape"), { contentType: "text/plain" }).catch(() => {});
    expect(readdirSync(parent)).toEqual(["data"]);
    expect(readdirSync(backend.dataDir)).toEqual(["objects"]);
    const key = newObjectKey("test/plain", "txt");
    await storage.put(key, Buffer.from("readable on disk"), { contentType: "text/plain" });
    expect(readFileSync(path.join(backend.dataDir, "objects", key), "utf8")).toBe("readable on disk");
    expect(readdirSync(path.join(backend.dataDir, "objects", ".tmp"))).toEqual([]); // no write left half-done
  });

  describe("serving", () => {
    const key = `test/serve/${"a".repeat(8)}.mp3`;
    const body = FIVE_MB.subarray(0, 10_000);
    const request = (headers: Record<string, string> = {}, method = "GET") => new Request(`http://localhost/files/${key}`, { method, headers });
    beforeAll(async () => {
      await storage.put(key, body, { contentType: "audio/mpeg" });
    });

    it("answers 200 with the whole body and the headers a player and a cache need", async () => {
      const response = await serveObject(storage, key, request(), { cacheControl: "public, max-age=86400" });
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        "accept-ranges": "bytes",
        "content-type": "audio/mpeg",
        "content-length": "10000",
        "x-content-type-options": "nosniff",
        "cache-control": "public, max-age=86400",
        "content-disposition": 'inline; filename="aaaaaaaa.mp3"',
      });
      expect(response.headers.get("etag")).toMatch(/^".+"$/);
      expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    });

    it.each([
      ["bytes=0-99", 0, 99],
      ["bytes=5000-5999", 5000, 5999],
      ["bytes=-100", 9900, 9999],
      ["bytes=9990-", 9990, 9999],
    ])("answers %s with 206 and exactly those bytes", async (range, start, end) => {
      const response = await serveObject(storage, key, request({ Range: range }));
      expect(response.status).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/10000`);
      expect(response.headers.get("content-length")).toBe(String(end - start + 1));
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer()).equals(body.subarray(start, end + 1))).toBe(true);
    });

    it("answers 416 for a range past the end, 404 for a missing or invalid key, 304 for a known ETag", async () => {
      const past = await serveObject(storage, key, request({ Range: "bytes=10000-" }));
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe("bytes */10000");
      expect((await serveObject(storage, newObjectKey("test", "mp3"), request())).status).toBe(404);
      expect((await serveObject(storage, "../etc/passwd", request())).status).toBe(404);
      const etag = (await storage.head(key))!.etag;
      const cached = await serveObject(storage, key, request({ "If-None-Match": etag }));
      expect(cached.status).toBe(304);
      expect(cached.body).toBeNull();
      // A range of an older version is not mixed with the new one: If-Range with another ETag → 200.
      expect((await serveObject(storage, key, request({ Range: "bytes=0-9", "If-Range": '"old"' }))).status).toBe(200);
      expect((await serveObject(storage, key, request({ Range: "bytes=0-9", "If-Range": etag }))).status).toBe(206);
    });

    it("answers HEAD with the headers only, and other methods with 405", async () => {
      const head = await serveObject(storage, key, request({ Range: "bytes=0-9" }, "HEAD"));
      expect(head.status).toBe(206);
      expect(head.headers.get("content-length")).toBe("10");
      expect(head.body).toBeNull();
      expect((await serveObject(storage, key, request({}, "DELETE"))).status).toBe(405);
    });

    it("sends documents as downloads unless told otherwise", async () => {
      const pdf = newObjectKey("test/books", "pdf");
      await storage.put(pdf, Buffer.from("%PDF-1.7 …"), { contentType: "application/pdf" });
      const response = await serveObject(storage, pdf, request(), { filename: "The Book.pdf" });
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="The_Book.pdf"');
      expect(response.headers.get("content-type")).toBe("application/pdf");
    });

    it("opens a private object only through a valid, unexpired link made for its path", async () => {
      const links = createSignedLinks("a-test-secret-of-at-least-thirty-two-characters");
      const now = new Date();
      const services = { storage, links, now };
      const at = (url: string, headers: Record<string, string> = {}) => new Request(`http://localhost${url}`, { headers });
      const valid = links.url(`/files/${key}`, new Date(now.getTime() + 600_000));
      const ok = await serveSignedObject(services, key, at(valid, { Range: "bytes=0-1" }));
      expect(ok.status).toBe(206);
      expect(ok.headers.get("cache-control")).toMatch(/^private, max-age=(600|599)$/);
      await ok.arrayBuffer();
      const expired = links.url(`/files/${key}`, new Date(now.getTime() - 1000));
      expect((await serveSignedObject(services, key, at(expired))).status).toBe(410);
      const flipped = valid.replace(/sig=(.)/, (_all, first: string) => `sig=${first === "A" ? "B" : "A"}`);
      expect((await serveSignedObject(services, key, at(flipped))).status).toBe(403);
      const otherKey = newObjectKey("test/serve", "mp3");
      await storage.put(otherKey, Buffer.from("other"), { contentType: "audio/mpeg" });
      const forOther = valid.replace(key, otherKey);
      expect((await serveSignedObject(services, otherKey, at(forOther))).status).toBe(403);
      expect((await serveSignedObject(services, key, at(`/files/${key}`))).status).toBe(403);
    });

    it("streams over HTTP: 5 MB whole, and a range", async () => {
      const big = newObjectKey("test/audio", "mp3");
      await storage.put(big, FIVE_MB, { contentType: "audio/mpeg" });
      const server = await listen(big);
      try {
        const whole = await fetch(server.url);
        expect(whole.status).toBe(200);
        expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(FIVE_MB));
        const part = await fetch(server.url, { headers: { Range: "bytes=4000000-4000999" } });
        expect(part.status).toBe(206);
        expect(Buffer.from(await part.arrayBuffer()).equals(FIVE_MB.subarray(4_000_000, 4_001_000))).toBe(true);
      } finally {
        await server.close();
      }
    });

    /** A bare HTTP server that answers every request with serveObject for one key. */
    async function listen(objectKey: string): Promise<{ url: string; close: () => Promise<void> }> {
      const server: Server = createServer(async (req, res) => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
        const response = await serveObject(storage, objectKey, new Request(`http://localhost${req.url}`, { method: req.method, headers }));
        res.writeHead(response.status, Object.fromEntries(response.headers));
        if (response.body) Readable.fromWeb(response.body as WebReadableStream).pipe(res);
        else res.end();
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () => new Promise((resolve) => server.close(() => resolve())),
      };
    }
  });
});

describe("createObjectStorage from the configuration", () => {
  it("uses DATA_DIR/objects without S3_*, and the bucket when all four are set", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "objects-config-"));
    const s3 = await startS3Server("configured-bucket");
    try {
      const local = await createObjectStorage(parseConfig({ DATA_DIR: dataDir }));
      expect(local.kind).toBe("filesystem");
      await local.put("config/check.txt", Buffer.from("local"), { contentType: "text/plain" });
      expect(readFileSync(path.join(dataDir, "objects", "config", "check.txt"), "utf8")).toBe("local");

      const remote = await createObjectStorage(parseConfig({ DATA_DIR: dataDir, ...s3.env }));
      expect(remote.kind).toBe("s3");
      await remote.put("config/check.txt", Buffer.from("remote"), { contentType: "text/plain" });
      expect((await readAll((await remote.get("config/check.txt"))!.body)).toString()).toBe("remote");
      remote.close();
    } finally {
      await s3.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

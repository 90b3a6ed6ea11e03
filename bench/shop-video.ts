import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { MAX_VIDEO_UPLOAD_BYTES } from "~/lib/upload-limits";
import { buildIfStale } from "../scripts/build-if-stale";
import { spawnServer } from "../tests/support/server-process";
import { prepareAdmin, signInAdmin, TUS_CHUNK_BYTES, tusUpload } from "./admin-upload";
import { watchPeakRss } from "./process-memory";

/**
 * `npm run bench` (after bench/podcast.ts), or `tsx bench/shop-video.ts`: the shop's trailer at the
 * largest size it takes (200 MiB) on the production server with a fresh SQLite database. As the admin
 * in admin mode: the MP4 goes through the tus endpoint (8 MiB chunks) and is saved and published with
 * the shop's form ('Save to Shop'). Prints the upload's speed and the growth of the server's resident
 * memory meanwhile (sampled every 50 ms; aim ≤ 64 MB: streamed to disk and storage, never buffered).
 * Numbers, not thresholds (docs/decisions/013-benchmarks-outside-tests.md).
 */
const VIDEO_BYTES = MAX_VIDEO_UPLOAD_BYTES;
const RUNS = 3;
const MB = 1e6;
const seconds = (start: number) => (performance.now() - start) / 1000;

/** An MP4 by its first bytes (an ftyp box), then zeros: the server checks the type, not the picture. */
function* mp4Chunks(totalBytes: number): Generator<Buffer> {
  const head = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");
  yield head;
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = head.length; written < totalBytes; written += zeros.length) yield zeros.subarray(0, Math.min(zeros.length, totalBytes - written));
}

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-video-"));
const videoFile = path.join(dataDir, "trailer.mp4");
await pipeline(mp4Chunks(VIDEO_BYTES), createWriteStream(videoFile));
await prepareAdmin(dataDir);
const server = spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
try {
  await server.ready;
  const admin = await signInAdmin(server.url);
  const rows = [];
  for (let run = 1; run <= RUNS; run++) {
    const memory = watchPeakRss(server.child.pid!);
    const started = performance.now();
    const uploadId = await tusUpload(server.url, admin, videoFile, { filetype: "video/mp4", purpose: "video" });
    const uploadSeconds = seconds(started);
    const savedAt = performance.now();
    const forms: Record<string, string>[] = [{ intent: "saveVideo", uploadId }, { intent: "publishVideo" }];
    for (const form of forms) {
      const response = await admin.post("/shop.data", form);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${form.intent} answered ${response.status}`);
    }
    const peak = memory.stop();
    rows.push({
      run,
      "file MB": Math.round(VIDEO_BYTES / MB),
      "upload s": Math.round(uploadSeconds * 10) / 10,
      "upload MB/s": Math.round(VIDEO_BYTES / MB / uploadSeconds),
      "save and publish s": Math.round(seconds(savedAt) * 10) / 10,
      "baseline RSS MB": Math.round(memory.baseline / MB),
      "RSS growth MB": Math.round((peak - memory.baseline) / MB),
    });
  }
  console.log(`\nThe trailer: a ${VIDEO_BYTES / 1024 / 1024} MiB (${Math.round(VIDEO_BYTES / MB)} MB) MP4 over tus (${TUS_CHUNK_BYTES / 1024 / 1024} MiB chunks), saved and published with the shop's form, as the admin, ${RUNS} runs;`);
  console.log("  the growth of the server's resident memory meanwhile (sampled every 50 ms). Aim: ≤ 64 MB (streamed, never buffered).");
  console.table(rows);
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import autocannon from "autocannon";
import { FEED_PATH } from "~/modules/podcast/paths";
import { WAV_HEADER_BYTES } from "~/modules/podcast/wav";
import { buildIfStale } from "../scripts/build-if-stale";
import type { HttpSession } from "../tests/support/http-session";
import { spawnServer } from "../tests/support/server-process";
import { prepareAdmin, signInAdmin, TUS_CHUNK_BYTES, tusUpload } from "./admin-upload";
import { watchPeakRss } from "./process-memory";

/**
 * `npm run bench` (after bench/http.ts), or `tsx bench/podcast.ts`: the podcast's audio on the
 * production server with a fresh SQLite database. Serving: whole-file GETs and 256 KiB Range requests
 * walking the seeded episodes' audio, 8 connections for 10 s each with autocannon, in MB/s,
 * requests/s and p99. Uploading, as the admin in admin mode: a generated 200 MB WAV through the tus
 * endpoint (/admin/uploads, 8 MiB chunks) and published with the /podcast form, with the upload's
 * speed and the growth of the server's resident memory meanwhile (sampled every 50 ms; aim ≤ 64 MB:
 * the file is streamed, never buffered); then Range requests walking that episode's audio.
 * Numbers, not thresholds (docs/decisions/013-benchmarks-outside-tests.md).
 */
const UPLOAD_BYTES = 200_000_000;
const RANGE_BYTES = 256 * 1024;
const CONNECTIONS = 8;
const DURATION_SECONDS = 10;
const EPISODE = { title: "Benchmark upload", description: "Two hundred megabytes of quiet, uploaded by bench/podcast.ts.", categories: "Global South Policy,Diaspora Economics" };

const MB = 1e6;
const seconds = (start: number) => (performance.now() - start) / 1000;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

interface AudioFile {
  title: string;
  path: string;
  size: number;
}
type NextRequest = () => { path: string; headers?: Record<string, string> };

/** The feed's items in its order (newest first): title and the enclosure's path and length. */
async function feedAudio(serverUrl: string): Promise<AudioFile[]> {
  const response = await fetch(serverUrl + FEED_PATH);
  if (response.status !== 200) throw new Error(`${FEED_PATH} answered ${response.status}`);
  const xml = await response.text();
  return [...xml.matchAll(/<item>[\s\S]*?<\/item>/g)].map(([item]) => {
    const enclosure = /<enclosure url="([^"]+)" length="(\d+)"/.exec(item);
    if (!enclosure) throw new Error(`a feed item without an enclosure:\n${item}`);
    return { title: /<title>([^<]*)<\/title>/.exec(item)?.[1] ?? "", path: new URL(enclosure[1]!).pathname, size: Number(enclosure[2]) };
  });
}

/** Each file whole, one after another, again and again. */
function wholeFiles(files: AudioFile[]): NextRequest {
  let index = 0;
  return () => ({ path: files[index++ % files.length]!.path });
}

/** RANGE_BYTES at a time from the first file's first byte to the last file's last, and around again. */
function rangeWalk(files: AudioFile[]): NextRequest {
  let index = 0;
  let offset = 0;
  return () => {
    const file = files[index]!;
    const end = Math.min(offset + RANGE_BYTES, file.size) - 1;
    const range = `bytes=${offset}-${end}`;
    offset = end + 1;
    if (offset >= file.size) [index, offset] = [(index + 1) % files.length, 0];
    return { path: file.path, headers: { range } };
  };
}

/** The server's answer to one Range request must be 206 with just those bytes, or the MB/s mean nothing. */
async function checkRangeSupport(serverUrl: string, file: AudioFile): Promise<void> {
  const response = await fetch(serverUrl + file.path, { headers: { range: `bytes=0-${RANGE_BYTES - 1}` } });
  const length = (await response.arrayBuffer()).byteLength;
  if (response.status !== 206 || length !== Math.min(RANGE_BYTES, file.size)) throw new Error(`${file.path} answered a Range request with ${response.status} and ${length} bytes`);
}

async function audioLoad(serverUrl: string, label: string, files: AudioFile[], walk: (files: AudioFile[]) => NextRequest) {
  const run = (duration: number) => {
    const next = walk(files);
    return autocannon({ url: serverUrl, connections: CONNECTIONS, duration, requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }] });
  };
  // Warm up first: the first seconds measure module loading and the JIT, not the steady state.
  await run(3);
  const result = await run(DURATION_SECONDS);
  if (result.errors + result.non2xx > 0) throw new Error(`${label}: ${result.errors} errors and ${result.non2xx} answers other than 2xx`);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return {
    audio: label,
    files: files.length,
    "MB each": round(total / files.length / MB, 2),
    "MB/s": Math.round(result.throughput.average / MB),
    "requests/s": Math.round(result.requests.average),
    "p99 ms": result.latency.p99,
  };
}

/** A 16-bit mono 44.1 kHz PCM WAV header for `dataBytes` of samples. */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // size of the fmt chunk
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The header, then one MiB of faint noise over and over: written as it goes, never held whole. */
function* wavChunks(totalBytes: number): Generator<Buffer> {
  const dataBytes = totalBytes - WAV_HEADER_BYTES;
  yield wavHeader(dataBytes);
  const noise = Buffer.alloc(1024 * 1024);
  for (let offset = 0; offset < noise.length; offset += 2) noise.writeInt16LE(Math.round((Math.random() - 0.5) * 64), offset);
  for (let written = 0; written < dataBytes; written += noise.length) yield noise.subarray(0, Math.min(noise.length, dataBytes - written));
}

/** Uploads and publishes the episode, watching the server's memory; returns the upload's numbers. */
async function uploadEpisode(serverUrl: string, serverPid: number, admin: HttpSession, file: string) {
  const memory = watchPeakRss(serverPid);
  const started = performance.now();
  const uploadId = await tusUpload(serverUrl, admin, file, { filetype: "audio/wav" });
  const uploadSeconds = seconds(started);
  const publishStarted = performance.now();
  const response = await admin.post("/podcast", { intent: "create", uploadId, ...EPISODE });
  await response.arrayBuffer();
  const publishSeconds = seconds(publishStarted);
  const peak = memory.stop();
  if (![200, 204, 303].includes(response.status)) throw new Error(`publishing the upload answered ${response.status}`);
  return {
    "file MB": UPLOAD_BYTES / MB,
    "upload s": round(uploadSeconds),
    "upload MB/s": Math.round(UPLOAD_BYTES / MB / uploadSeconds),
    "publish s": round(publishSeconds),
    "baseline RSS MB": Math.round(memory.baseline / MB),
    "RSS growth MB": Math.round((peak - memory.baseline) / MB),
  };
}

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-podcast-"));
const wavFile = path.join(dataDir, "bench-upload.wav");
await pipeline(wavChunks(UPLOAD_BYTES), createWriteStream(wavFile));
await prepareAdmin(dataDir);
const server = spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
try {
  await server.ready;
  // The upload goes first, while the server's heap has not yet grown under the audio load.
  const upload = await uploadEpisode(server.url, server.child.pid!, await signInAdmin(server.url), wavFile);
  const episodes = await feedAudio(server.url);
  const uploaded = episodes.find((item) => item.title === EPISODE.title);
  if (!uploaded) throw new Error(`"${EPISODE.title}" is not in ${FEED_PATH} after publishing`);
  const seeded = episodes.filter((item) => item !== uploaded);
  for (const file of [seeded[0]!, uploaded]) await checkRangeSupport(server.url, file);
  const audio = [
    await audioLoad(server.url, "seeded, whole files", seeded, wholeFiles),
    await audioLoad(server.url, "seeded, 256 KiB ranges", seeded, rangeWalk),
    await audioLoad(server.url, "uploaded, 256 KiB ranges", [uploaded], rangeWalk),
  ];

  console.log(`\nPodcast audio from local storage, autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, production build, SQLite:`);
  console.table(audio);
  console.log(`\nA ${UPLOAD_BYTES / MB} MB WAV over tus (${TUS_CHUNK_BYTES / 1024 / 1024} MiB chunks), then published with the /podcast form, as the admin;`);
  console.log("  the growth of the server's resident memory meanwhile (sampled every 50 ms). Aim: ≤ 64 MB (streamed, never buffered).");
  console.table([upload]);
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

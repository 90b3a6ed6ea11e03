// The thread that turns a WAV file into a 128 kbit/s constant-bitrate MP3 for app/adapters/audio/mp3-encoder.server.ts.
// Plain JavaScript on purpose, like the PDF cover worker: a worker thread starts from a file Node can run as
// it is, under `npm run dev` (tsx), in the tests and in the compiled server (scripts/build-server.ts copies it).
// The WAV is read a slice at a time and the MP3 written as it comes, so an hour of audio never sits in memory.
import { closeSync, openSync, readSync, writeSync, fstatSync } from "node:fs";
import { Buffer } from "node:buffer";
import { parentPort, workerData } from "node:worker_threads";
import { Mp3Encoder } from "@breezystack/lamejs";

/** Several files may be given at once (the sample chimes): the encoder loads once for all. */
/** @type {{ files: { input: string, output: string }[], kbps: number }} */
const { files, kbps } = workerData;

/** The rates an MP3 can carry; anything else is refused rather than resampled. */
const MP3_RATES = new Set([8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]);
/** Samples per channel encoded at a time: a multiple of an MP3 frame (1152). */
const BLOCK = 1152 * 64;

class Unreadable extends Error {}

function read(fd, position, length) {
  const buffer = Buffer.alloc(length);
  const got = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, got);
}

/** The fmt chunk and where the samples are: RIFF chunks walked until "data". */
function readLayout(fd, fileSize) {
  const head = read(fd, 0, 12);
  if (head.length < 12 || head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") throw new Unreadable();
  let position = 12;
  let format;
  while (position + 8 <= fileSize) {
    const chunk = read(fd, position, 8);
    const id = chunk.toString("ascii", 0, 4);
    const size = chunk.readUInt32LE(4);
    if (id === "fmt ") {
      const fmt = read(fd, position + 8, Math.min(size, 40));
      if (fmt.length < 16) throw new Unreadable();
      const tag = fmt.readUInt16LE(0);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      const code = tag === 0xfffe && fmt.length >= 26 ? fmt.readUInt16LE(24) : tag;
      format = { code, channels: fmt.readUInt16LE(2), sampleRate: fmt.readUInt32LE(4), bits: fmt.readUInt16LE(14) };
    } else if (id === "data") {
      if (!format) throw new Unreadable();
      // A recorder that stopped early may leave the size unset (0 or 0xFFFFFFFF): the file's end decides.
      const end = size === 0 || size === 0xffffffff ? fileSize : Math.min(fileSize, position + 8 + size);
      return { ...format, start: position + 8, end };
    }
    position += 8 + size + (size % 2);
  }
  throw new Unreadable();
}

/** A reader of one sample as a float in [-1, 1], by format (1 PCM, 3 IEEE float) and bit depth. */
function sampleReader({ code, bits }) {
  if (code === 1 && bits === 8) return [1, (b, o) => (b[o] - 128) / 128];
  if (code === 1 && bits === 16) return [2, (b, o) => b.readInt16LE(o) / 32768];
  if (code === 1 && bits === 24) return [3, (b, o) => b.readIntLE(o, 3) / 8388608];
  if (code === 1 && bits === 32) return [4, (b, o) => b.readInt32LE(o) / 2147483648];
  if (code === 3 && bits === 32) return [4, (b, o) => b.readFloatLE(o)];
  if (code === 3 && bits === 64) return [8, (b, o) => b.readDoubleLE(o)];
  throw new Unreadable();
}

const toInt16 = (value) => Math.max(-32768, Math.min(32767, Math.round(value * 32767)));

function encode(input, output) {
  const fd = openSync(input, "r");
  const out = openSync(output, "w");
  try {
    const layout = readLayout(fd, fstatSync(fd).size);
    if (layout.channels < 1 || !MP3_RATES.has(layout.sampleRate)) throw new Unreadable();
    const [width, sample] = sampleReader(layout);
    // Mono stays mono; stereo and more become stereo from the first two channels.
    const channels = Math.min(2, layout.channels);
    const frameBytes = width * layout.channels;
    const encoder = new Mp3Encoder(channels, layout.sampleRate, kbps);
    const left = new Int16Array(BLOCK);
    const right = new Int16Array(BLOCK);
    let frames = 0;
    for (let position = layout.start; position + frameBytes <= layout.end;) {
      const bytes = read(fd, position, Math.min(BLOCK * frameBytes, layout.end - position));
      const count = Math.floor(bytes.length / frameBytes);
      if (count === 0) break;
      for (let i = 0; i < count; i++) {
        const offset = i * frameBytes;
        left[i] = toInt16(sample(bytes, offset));
        if (channels === 2) right[i] = toInt16(sample(bytes, offset + width));
      }
      const mp3 = channels === 2 ? encoder.encodeBuffer(left.subarray(0, count), right.subarray(0, count)) : encoder.encodeBuffer(left.subarray(0, count));
      if (mp3.length > 0) writeSync(out, mp3);
      frames += count;
      position += count * frameBytes;
    }
    if (frames === 0) throw new Unreadable();
    const tail = encoder.flush();
    if (tail.length > 0) writeSync(out, tail);
    return { ok: true, seconds: frames / layout.sampleRate, channels, sampleRate: layout.sampleRate };
  } finally {
    closeSync(fd);
    closeSync(out);
  }
}

function encodeOrExplain({ input, output }) {
  try {
    return encode(input, output);
  } catch (error) {
    return { ok: false, problem: error instanceof Unreadable ? "unreadable" : "failed", message: String(error) };
  }
}

parentPort.postMessage(files.map(encodeOrExplain));

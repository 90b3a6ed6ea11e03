import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseBuffer } from "music-metadata";
import { afterAll, describe, expect, it } from "vitest";
import { encodeWavBytesToMp3, encodeWavFileToMp3 } from "./mp3-encoder.server";

/** A 16-bit PCM WAV of a tone: `channels` interleaved, each a different pitch. */
function toneWav(seconds: number, sampleRate: number, channels: number): Buffer {
  const frames = seconds * sampleRate;
  const data = frames * channels * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + data, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * channels * 2, 28);
  wav.writeUInt16LE(channels * 2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(data, 40);
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) wav.writeInt16LE(Math.round(9000 * Math.sin((2 * Math.PI * (440 + 220 * c) * i) / sampleRate)), 44 + (i * channels + c) * 2);
  }
  return wav;
}

describe("WAV to MP3", () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it("writes 128 kbit/s constant-bitrate MP3 frames of the same length, in stereo, at the same rate", async () => {
    const [mp3] = (await encodeWavBytesToMp3([toneWav(3, 44_100, 2)])) as [Buffer];
    // Every MPEG audio frame starts with 11 set bits.
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1]! & 0xe0).toBe(0xe0);
    const { format } = await parseBuffer(mp3, { mimeType: "audio/mpeg" }, { duration: true });
    expect(format.codec).toBe("MPEG 1 Layer 3");
    expect(format.bitrate).toBe(128_000);
    expect(format.codecProfile).toBe("CBR");
    expect(format.sampleRate).toBe(44_100);
    expect(format.numberOfChannels).toBe(2);
    expect(Math.abs(format.duration! - 3)).toBeLessThan(0.1);
  });

  it("keeps mono as mono and a 48 kHz rate", async () => {
    const [mp3] = (await encodeWavBytesToMp3([toneWav(2, 48_000, 1)])) as [Buffer];
    const { format } = await parseBuffer(mp3, { mimeType: "audio/mpeg" }, { duration: true });
    expect(format.numberOfChannels).toBe(1);
    expect(format.sampleRate).toBe(48_000);
    expect(Math.abs(format.duration! - 2)).toBeLessThan(0.1);
  });

  it("answers 'unreadable' for a file that is not a WAV it can read, or a rate an MP3 cannot carry", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "mp3-test-"));
    folders.push(folder);
    await writeFile(path.join(folder, "text.wav"), "RIFF but not really a wave file");
    expect(await encodeWavFileToMp3(path.join(folder, "text.wav"), path.join(folder, "a.mp3"))).toEqual({ ok: false, problem: "unreadable" });
    await writeFile(path.join(folder, "odd-rate.wav"), toneWav(1, 7_000, 1));
    expect(await encodeWavFileToMp3(path.join(folder, "odd-rate.wav"), path.join(folder, "b.mp3"))).toEqual({ ok: false, problem: "unreadable" });
  });
});

import { describe, expect, it } from "vitest";
import { chimeWav, WAV_HEADER_BYTES } from "./wav";

describe("chimeWav", () => {
  const wav = chimeWav({ seconds: 2, notes: [440, 660], sampleRate: 8000 });

  it("writes a 16-bit PCM mono WAV file of the asked length", () => {
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString("ascii", 8, 16)).toBe("WAVEfmt ");
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString("ascii", 36, 40)).toBe("data");
    expect(wav.readUInt32LE(40)).toBe(2 * 8000 * 2);
    expect(wav.length).toBe(WAV_HEADER_BYTES + 2 * 8000 * 2);
  });

  it("holds sound, not silence, and ends quietly", () => {
    const samples = Array.from({ length: 2 * 8000 }, (_, i) => wav.readInt16LE(WAV_HEADER_BYTES + i * 2));
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(3000);
    expect(Math.abs(samples.at(-1)!)).toBeLessThan(50);
  });

  it("is the same for the same options", () => {
    expect(chimeWav({ seconds: 2, notes: [440, 660], sampleRate: 8000 }).equals(wav)).toBe(true);
  });
});

/**
 * Short sample audio written with plain code at seed time (no binary fixtures, no network): a few
 * soft chimes as a 16-bit PCM mono WAV file, so the player, the feed and Range requests work on a
 * fresh install. Same options, same bytes.
 */
export interface ChimeOptions {
  /** Length in whole seconds. */
  seconds: number;
  /** Notes in Hz, struck one after another, each ringing out with a few overtones. */
  notes: readonly number[];
  sampleRate?: number;
}

export const WAV_HEADER_BYTES = 44;

export function chimeWav({ seconds, notes, sampleRate = 16_000 }: ChimeOptions): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const buffer = Buffer.alloc(WAV_HEADER_BYTES + samples * 2);
  writeHeader(buffer, samples, sampleRate);
  const spacing = notes.length > 0 ? seconds / notes.length : seconds;
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRate;
    let value = 0;
    notes.forEach((frequency, n) => {
      const since = t - n * spacing;
      if (since < 0) return;
      const envelope = Math.exp(-since * 2.2) * Math.min(1, since * 200);
      value += envelope * (Math.sin(2 * Math.PI * frequency * since) + 0.35 * Math.sin(2 * Math.PI * frequency * 2.01 * since) + 0.15 * Math.sin(2 * Math.PI * frequency * 3.02 * since));
    });
    // Fade the last 50 ms so the file ends without a click.
    const fade = Math.min(1, (samples - i) / (sampleRate * 0.05));
    const sample = Math.max(-1, Math.min(1, value * 0.28 * fade));
    buffer.writeInt16LE(Math.round(sample * 32_767), WAV_HEADER_BYTES + i * 2);
  }
  return buffer;
}

function writeHeader(buffer: Buffer, samples: number, sampleRate: number): void {
  const dataBytes = samples * 2;
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16); // size of the fmt chunk
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  buffer.writeUInt16LE(2, 32); // bytes per frame
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(dataBytes, 40);
}

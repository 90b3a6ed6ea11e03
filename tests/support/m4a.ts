/**
 * `seconds` of an AAC-LC track (44.1 kHz stereo) in an M4A (MP4) file: the boxes a podcast app and the
 * server read (ftyp M4A, mvhd and mdhd with the duration, an mp4a sample entry with its decoder
 * configuration, the sample tables) around frames of silence. Enough for type and duration checks;
 * written here because the machine has no AAC encoder.
 */
export function m4aBytes(seconds: number): Buffer {
  const rate = 44_100;
  const frames = Math.ceil((seconds * rate) / 1024);
  const silentFrame = Buffer.from([0x21, 0x10, 0x04, 0x60, 0x8c, 0x1c]);
  const u32 = (value: number) => Buffer.from([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
  const u16 = (value: number) => Buffer.from([(value >>> 8) & 255, value & 255]);
  const box = (type: string, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    return Buffer.concat([u32(body.length + 8), Buffer.from(type, "latin1"), body]);
  };
  const full = (type: string, version: number, flags: number, ...parts: Buffer[]) => box(type, u32((version << 24) | flags), ...parts);
  const matrix = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));
  const durationMs = Math.round((frames * 1024 * 1000) / rate);

  const ftyp = box("ftyp", Buffer.from("M4A ", "latin1"), u32(0), Buffer.from("M4A mp42isom", "latin1"));
  const esds = full(
    "esds", 0, 0,
    Buffer.from([0x03, 25, 0x00, 0x01, 0x00]), // ES descriptor, ES id 1
    Buffer.from([0x04, 17, 0x40, 0x15, 0x00, 0x00, 0x00]), // decoder config: AAC, audio stream, buffer size
    u32(128_000), u32(128_000),
    Buffer.from([0x05, 2, 0x12, 0x10]), // AudioSpecificConfig: AAC-LC, 44.1 kHz, 2 channels
    Buffer.from([0x06, 1, 0x02]),
  );
  const mp4a = box("mp4a", Buffer.alloc(6), u16(1), Buffer.alloc(8), u16(2), u16(16), u16(0), u16(0), u32(rate * 65_536), esds);
  const sizes = Buffer.concat(Array.from({ length: frames }, () => u32(silentFrame.length)));
  const stbl = (chunkOffset: number) =>
    box(
      "stbl",
      full("stsd", 0, 0, u32(1), mp4a),
      full("stts", 0, 0, u32(1), u32(frames), u32(1024)),
      full("stsc", 0, 0, u32(1), u32(1), u32(frames), u32(1)),
      full("stsz", 0, 0, u32(0), u32(frames), sizes),
      full("stco", 0, 0, u32(1), u32(chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      "moov",
      full("mvhd", 0, 0, u32(0), u32(0), u32(1000), u32(durationMs), u32(0x00010000), u16(0x0100), Buffer.alloc(10), matrix, Buffer.alloc(24), u32(2)),
      box(
        "trak",
        full("tkhd", 0, 3, u32(0), u32(0), u32(1), u32(0), u32(durationMs), Buffer.alloc(8), u16(0), u16(0), u16(0x0100), u16(0), matrix, u32(0), u32(0)),
        box(
          "mdia",
          full("mdhd", 0, 0, u32(0), u32(0), u32(rate), u32(frames * 1024), u16(0x55c4), u16(0)),
          full("hdlr", 0, 0, u32(0), Buffer.from("soun", "latin1"), Buffer.alloc(12), Buffer.from("SoundHandler\0", "latin1")),
          box("minf", full("smhd", 0, 0, u16(0), u16(0)), box("dinf", full("dref", 0, 0, u32(1), full("url ", 0, 1))), stbl(chunkOffset)),
        ),
      ),
    );
  const headerLength = ftyp.length + moov(0).length + 8;
  const mdat = box("mdat", ...Array.from({ length: frames }, () => silentFrame));
  return Buffer.concat([ftyp, moov(headerLength), mdat]);
}

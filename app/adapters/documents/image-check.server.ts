import { open, readFile } from "node:fs/promises";
import { loadSharp } from "~/adapters/images/sharp.server";

/**
 * Uploaded images: the type comes from the bytes
 * (JPEG or PNG), the first kilobyte is scanned for script markers, and the image is re-encoded by
 * sharp, which drops its metadata (EXIF, GPS) and refuses more pixels than a cover can need, so a
 * decompression bomb is refused before it is decoded.
 */
const IMAGE_TYPES: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png" };
/** 8 000 × 5 000: far more than a cover needs; a 20 000 × 20 000 PNG is refused. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Markers of a script hidden in an image. */
const SCRIPT_MARKERS = /<script|javascript:|<\?php|onerror\s*=|onload\s*=|<iframe|eval\(/i;

export type ImageProblem = "type" | "script" | "pixels";
export interface CheckedImage {
  bytes: Buffer;
  contentType: string;
  extension: string;
}

async function firstKilobyte(file: string): Promise<string> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, 1024, 0);
    return head.subarray(0, bytesRead).toString("latin1");
  } finally {
    await handle.close();
  }
}

/** The re-encoded image, or the reason it is refused. */
export async function checkImage(file: string): Promise<CheckedImage | { problem: ImageProblem }> {
  // file-type loads with the first image checked (it costs about 10 MB; most processes never check one).
  const { fileTypeFromFile } = await import("file-type");
  const detected = await fileTypeFromFile(file);
  const extension = detected ? IMAGE_TYPES[detected.mime] : undefined;
  if (!detected || !extension) return { problem: "type" };
  if (SCRIPT_MARKERS.test(await firstKilobyte(file))) return { problem: "script" };
  try {
    const sharp = await loadSharp();
    const image = sharp(await readFile(file), { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    const bytes = await (extension === "png" ? image.png() : image.jpeg({ quality: 85, mozjpeg: true })).toBuffer();
    return { bytes, contentType: detected.mime, extension };
  } catch {
    return { problem: "pixels" };
  }
}

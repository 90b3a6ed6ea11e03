import { expect } from "vitest";
import type { HttpSession } from "./http-session";

/** A tus 1.0.0 conversation by hand, as the browser's client has it: create, send bytes, ask the offset. */
const TUS = { "tus-resumable": "1.0.0" };
const b64 = (text: string) => Buffer.from(text).toString("base64");

export function createUpload(session: HttpSession, size: number, fileName = "episode.mp3", purpose = "audio"): Promise<Response> {
  return session.request("/admin/uploads", {
    method: "POST",
    headers: { ...TUS, "upload-length": String(size), "upload-metadata": `filename ${b64(fileName)},purpose ${b64(purpose)}` },
  });
}

export function sendBytes(session: HttpSession, location: string, offset: number, bytes: Buffer): Promise<Response> {
  return session.request(location, {
    method: "PATCH",
    headers: { ...TUS, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
  });
}

export const uploadOffset = async (session: HttpSession, location: string) =>
  Number((await session.request(location, { method: "HEAD", headers: TUS })).headers.get("upload-offset"));

export const uploadIdOf = (location: string) => location.split("/").pop()!;

/** Uploads `bytes` whole and returns the upload id the episode form sends. */
export async function uploadFile(session: HttpSession, bytes: Buffer, fileName = "episode.mp3", purpose = "audio"): Promise<string> {
  const created = await createUpload(session, bytes.length, fileName, purpose);
  expect(created.status).toBe(201);
  const location = created.headers.get("location")!;
  if (bytes.length > 0) expect((await sendBytes(session, location, 0, bytes)).status).toBe(204);
  return uploadIdOf(location);
}

/** `seconds` of MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz): enough for type and duration checks. */
export function mp3Bytes(seconds: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb9064, 0);
  return Buffer.concat(Array.from({ length: Math.round((seconds * 44_100) / 1152) }, () => frame));
}

/** A PNG's first bytes and some padding: an image, whatever the name says. */
export const pngBytes = () => Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex"), Buffer.alloc(2000)]);

/** An MP4's first box (`ftyp`, brand isom) and padding: a video by its bytes, though not a playable one. */
export const mp4Bytes = (size = 4000) => Buffer.concat([Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"), Buffer.alloc(size)]);

import { rm } from "node:fs/promises";
import type { Mp3Encoder } from "~/adapters/audio/mp3-encoder.server";
import type { ObjectStorage } from "~/adapters/storage/contract";
import { newObjectKey } from "~/adapters/storage/keys";
import type { StagedUploads } from "~/adapters/uploads/staged-uploads.server";
import { hasDangerousName } from "~/lib/file-name";
import { Refusal } from "~/lib/refusal";
import type { AudioProblem } from "./episode-form";
import { AUDIO_PREFIX } from "./episodes.server";

/**
 * Episodes take MP3, WAV or M4A. What counts is the file's bytes (file-type), never its name
 * or the type the browser claimed; the stored type and extension come from this table. WAV is
 * stored as the MP3 made from it (podcast apps list MP3 and AAC only); M4A is kept as it is, under
 * the type Apple's feed guidelines name.
 */
const MP3 = { contentType: "audio/mpeg", extension: "mp3" };
const AUDIO_FORMATS: Record<string, { contentType: string; extension: string }> = {
  "audio/mpeg": MP3,
  "audio/wav": MP3,
  "audio/x-m4a": { contentType: "audio/x-m4a", extension: "m4a" },
  "audio/mp4": { contentType: "audio/x-m4a", extension: "m4a" },
};
/** Audio objects never change once stored (a new file gets a new key): caches may keep them long. */
const AUDIO_CACHE_CONTROL = "public, max-age=31536000, immutable";


/** A wrong file type is 415; a file that is not there (yet) or cannot be read is 422, one still arriving 409. */
const AUDIO_STATUS: Record<AudioProblem, number> = { type: 415, name: 415, empty: 422, unreadable: 422, missing: 422, incomplete: 409 };
const audioRefusal = (problem: AudioProblem) => new Refusal(problem, { field: "audio", status: AUDIO_STATUS[problem] });

export interface StoredAudio {
  audioKey: string;
  audioSize: number;
  audioType: string;
  durationSeconds: number;
}

/**
 * Takes a finished upload of `owner`, checks its bytes and reads its duration (music-metadata), and
 * copies it into object storage under a random key. The staged file is removed when it is refused;
 * a good one stays until the caller has saved the episode (`uploads.remove`), so a failed save can
 * delete the stored object and leave nothing behind.
 */
export async function storeUploadedAudio(
  { storage, uploads, mp3 }: { storage: ObjectStorage; uploads: StagedUploads; mp3: Mp3Encoder },
  uploadId: string,
  owner: string,
): Promise<StoredAudio> {
  const upload = await uploads.find(uploadId);
  if (!upload || upload.owner !== owner) throw audioRefusal("missing");
  if (!upload.complete) throw audioRefusal("incomplete");
  const refuse = async (problem: AudioProblem) => {
    await uploads.remove(uploadId);
    return audioRefusal(problem);
  };
  // The same rule as every other upload: a name such as "tone.exe.wav" is refused whatever its bytes are.
  if (hasDangerousName(upload.fileName ?? "")) throw await refuse("name");
  if (upload.offset === 0) throw await refuse("empty");
  // Both load with the first episode stored, not at start: together about 25 MB that a reader-facing process never uses.
  const [{ fileTypeFromFile }, { parseFile }] = await Promise.all([import("file-type"), import("music-metadata")]);
  // From the bucket, the pieces are fetched into one file on this machine first.
  const source = await uploads.fileOf(upload);
  const detected = await fileTypeFromFile(source);
  const format = detected ? AUDIO_FORMATS[detected.mime] : undefined;
  if (!format) throw await refuse("type");
  const encoded = detected?.mime === "audio/wav" ? `${source}.mp3` : null;
  try {
    if (encoded && !(await mp3.encodeWavFile(source, encoded)).ok) throw await refuse("unreadable");
    // The duration is read from the file that is stored, so itunes:duration matches the enclosure.
    const file = encoded ?? source;
    const durationSeconds = await parseFile(file, { duration: true, skipCovers: true }).then(
      (metadata) => metadata.format.duration ?? 0,
      () => 0,
    );
    if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw await refuse("unreadable");
    const audioKey = newObjectKey(AUDIO_PREFIX, format.extension);
    const stored = await storage.putFile(audioKey, file, { contentType: format.contentType, cacheControl: AUDIO_CACHE_CONTROL });
    return { audioKey, audioSize: stored.size, audioType: format.contentType, durationSeconds: Math.max(1, Math.round(durationSeconds)) };
  } finally {
    if (encoded) await rm(encoded, { force: true });
  }
}

import type { ObjectStorage } from "~/adapters/storage/contract";
import { newObjectKey } from "~/adapters/storage/keys";
import type { StagedUploads } from "~/adapters/uploads/staged-uploads.server";
import { Refusal } from "~/lib/refusal";
import type { AudioProblem } from "./episode-form";
import { AUDIO_PREFIX } from "./episodes.server";

/**
 * Episodes take MP3, WAV or M4A. What counts is the file's bytes (file-type), never its name
 * or the type the browser claimed; the stored type and extension come from this table.
 */
const AUDIO_FORMATS: Record<string, { contentType: string; extension: string }> = {
  "audio/mpeg": { contentType: "audio/mpeg", extension: "mp3" },
  "audio/wav": { contentType: "audio/wav", extension: "wav" },
  "audio/x-m4a": { contentType: "audio/mp4", extension: "m4a" },
  "audio/mp4": { contentType: "audio/mp4", extension: "m4a" },
};
/** Audio objects never change once stored (a new file gets a new key): caches may keep them long. */
const AUDIO_CACHE_CONTROL = "public, max-age=31536000, immutable";


/** A wrong file type is 415; a file that is not there (yet) or cannot be read is 422, one still arriving 409. */
const AUDIO_STATUS: Record<AudioProblem, number> = { type: 415, empty: 422, unreadable: 422, missing: 422, incomplete: 409 };
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
  { storage, uploads }: { storage: ObjectStorage; uploads: StagedUploads },
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
  if (upload.offset === 0) throw await refuse("empty");
  // Both load with the first episode stored, not at start: together about 25 MB that a reader-facing process never uses.
  const [{ fileTypeFromFile }, { parseFile }] = await Promise.all([import("file-type"), import("music-metadata")]);
  const detected = await fileTypeFromFile(upload.file);
  const format = detected ? AUDIO_FORMATS[detected.mime] : undefined;
  if (!format) throw await refuse("type");
  const durationSeconds = await parseFile(upload.file, { duration: true, skipCovers: true }).then(
    (metadata) => metadata.format.duration ?? 0,
    () => 0,
  );
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw await refuse("unreadable");
  const audioKey = newObjectKey(AUDIO_PREFIX, format.extension);
  const stored = await storage.putFile(audioKey, upload.file, { contentType: format.contentType, cacheControl: AUDIO_CACHE_CONTROL });
  return { audioKey, audioSize: stored.size, audioType: format.contentType, durationSeconds: Math.max(1, Math.round(durationSeconds)) };
}

/**
 * Which downloads of an episode's audio count as a listen, after the IAB's Podcast Measurement
 * guidelines: a request counts only if the bytes it asked for could play at least a minute of the
 * episode, or the whole file when the episode is shorter than a minute. A player's probe
 * (`Range: bytes=0-1`) or a seek for a few seconds of audio is not a listen. The bytes of a minute
 * come from the episode's own size and duration (its average bitrate, which is what the IAB asks for).
 */

export interface EpisodeAudio {
  /** The audio file's size in bytes. */
  size: number;
  durationSeconds: number;
}

/** The bytes that play for a minute, at most the whole file (an episode shorter than a minute needs all of it). */
export function bytesOfAMinute({ size, durationSeconds }: EpisodeAudio): number {
  if (durationSeconds <= 60) return size;
  return Math.min(size, Math.ceil((size * 60) / durationSeconds));
}

/**
 * The bytes an audio answer carries: a 206's `Content-Range` (`bytes 0-59999/600000` is 60000), a
 * 200's `Content-Length`; 0 for anything else (a 304, a 416, a header that does not parse).
 */
export function bytesServed(status: number, headers: Headers): number {
  if (status === 206) {
    const range = /^bytes (\d+)-(\d+)\/\d+$/.exec(headers.get("content-range") ?? "");
    return range ? Number(range[2]) - Number(range[1]) + 1 : 0;
  }
  if (status !== 200) return 0;
  const length = Number(headers.get("content-length"));
  return Number.isSafeInteger(length) && length > 0 ? length : 0;
}

/** Whether an answer to a request for an episode's audio counts as a listen: a GET that carries a minute of it. */
export function isListen(method: string, answer: { status: number; headers: Headers }, audio: EpisodeAudio): boolean {
  if (method !== "GET") return false;
  const served = bytesServed(answer.status, answer.headers);
  return served > 0 && served >= bytesOfAMinute(audio);
}

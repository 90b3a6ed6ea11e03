import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * WAV to MP3 for podcast apps (Apple Podcasts lists no WAV episode): LAME's encoder in plain
 * JavaScript (@breezystack/lamejs), run in a worker thread (wav-to-mp3.worker.mjs beside this file) so
 * the server's own thread keeps answering requests while it works. 128 kbit/s constant bitrate, the
 * podcast norm; the sample rate is kept, mono stays mono, two or more channels become stereo
 * (docs/decisions/063-wav-uploads-become-mp3-in-a-worker.md). One file is encoded at a time: two long
 * uploads finishing together must not take both cores from the readers.
 */
export const MP3_BITRATE_KBPS = 128;
const WORKER_FILE = new URL("./wav-to-mp3.worker.mjs", import.meta.url);

/** The MP3 written, or why there is none: not a WAV this encoder reads (format, bit depth, sample rate). */
export type Mp3Encoding = { ok: true; seconds: number } | { ok: false; problem: "unreadable" };

type WorkerAnswer = { ok: true; seconds: number } | { ok: false; problem: "unreadable" | "failed"; message: string };

/**
 * The encoder as the server's services hold it. It is built at start by the server entry, so the
 * worker's file is found beside this file's code: in app/adapters/audio/ under tsx, in build/entry/
 * (copied there by scripts/build-server.ts) in the compiled server, never inside the pages' bundle.
 */
export interface Mp3Encoder {
  encodeWavFile(input: string, output: string): Promise<Mp3Encoding>;
}

export const createMp3Encoder = (): Mp3Encoder => ({ encodeWavFile: encodeWavFileToMp3 });

let queue: Promise<unknown> = Promise.resolve();

/** Encodes the WAV file at `input` into a new MP3 file at `output`. Throws only when the worker itself fails. */
export async function encodeWavFileToMp3(input: string, output: string): Promise<Mp3Encoding> {
  const [encoding] = await encodeWavFilesToMp3([{ input, output }]);
  return encoding!;
}

/** Several files in one worker, one after another (the encoder loads once: about a second on a busy machine). */
function encodeWavFilesToMp3(files: { input: string; output: string }[]): Promise<Mp3Encoding[]> {
  const next = queue.then(() => encodeInWorker(files));
  queue = next.catch(() => undefined);
  return next;
}

function encodeInWorker(files: { input: string; output: string }[]): Promise<Mp3Encoding[]> {
  return new Promise((resolve, reject) => {
    // The heap holds one slice of samples at a time, never the file.
    const worker = new Worker(WORKER_FILE, {
      workerData: { files, kbps: MP3_BITRATE_KBPS },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      worker.terminate().catch(() => undefined);
      settle();
    };
    worker.once("message", (answers: WorkerAnswer[]) =>
      finish(() => {
        const failed = answers.find((answer) => !answer.ok && answer.problem === "failed");
        if (failed && !failed.ok) reject(new Error(`MP3 encoding failed: ${failed.message}`));
        else resolve(answers.map((answer) => (answer.ok ? { ok: true, seconds: answer.seconds } : { ok: false, problem: "unreadable" })));
      }),
    );
    worker.once("error", (error) => finish(() => reject(error)));
    worker.once("exit", (code) => finish(() => reject(new Error(`MP3 encoder stopped (exit ${code})`))));
  });
}

/** The same for WAV files in memory (short generated audio), all in one worker, through a private temporary folder. */
export async function encodeWavBytesToMp3(wavs: Uint8Array[]): Promise<Buffer[]> {
  const folder = await mkdtemp(path.join(tmpdir(), "mp3-"));
  try {
    const files = wavs.map((_, index) => ({ input: path.join(folder, `${index}.wav`), output: path.join(folder, `${index}.mp3`) }));
    await Promise.all(files.map((file, index) => writeFile(file.input, wavs[index]!)));
    const encodings = await encodeWavFilesToMp3(files);
    if (encodings.some((encoding) => !encoding.ok)) throw new Error("Not a WAV the MP3 encoder reads");
    return await Promise.all(files.map((file) => readFile(file.output)));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

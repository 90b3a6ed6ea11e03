import type { DetailedError, Upload } from "tus-js-client";
import type { UploadPurpose } from "~/lib/upload-limits";

/** Where the server takes resumable uploads (server/uploads.ts). */
export const UPLOAD_ENDPOINT = "/admin/uploads";
/** Pieces of 5 MB: a dropped connection costs at most one piece. */
const CHUNK_BYTES = 5 * 1024 * 1024;
/** Retries after a dropped connection, then the upload is given up (the next try resumes it). */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export interface UploadProgress {
  sent: number;
  total: number;
  /** True once a retry happened: the reader is told the upload carries on. */
  resumed: boolean;
}

/** The HTTP status an upload failed with (413: too large, 401/403: admin mode ended), or null. */
export function failureStatus(error: unknown): number | null {
  const response = (error as DetailedError | undefined)?.originalResponse;
  return response ? response.getStatus() : null;
}

/**
 * Sends `file` with the tus protocol and resolves with the upload id the episode form names. A file
 * sent before (same name, size and date, in this browser) continues from where the server has it,
 * even after a reload. `signal` cancels: the partial upload is removed from the server.
 */
export async function sendResumable(file: File, onProgress: (progress: UploadProgress) => void, signal: AbortSignal, purpose: UploadPurpose = "audio"): Promise<string> {
  // The client library is fetched when an upload starts, not with the page.
  const { Upload: TusUpload } = await import("tus-js-client");
  return new Promise<string>((resolve, reject) => {
    let resumed = false;
    const upload: Upload = new TusUpload(file, {
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      // The purpose sets the server's size limit (an e-book 10 MB, audio 500 MB).
      metadata: { filename: file.name, filetype: file.type, purpose },
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error, attempt, options) => {
        const status = failureStatus(error);
        const retry = status === null || status === 409 || status === 423 || status >= 500;
        if (retry && attempt < (options.retryDelays?.length ?? 0)) resumed = true;
        return retry;
      },
      onProgress: (sent, total) => onProgress({ sent, total, resumed }),
      onSuccess: () => resolve(upload.url!.split("/").pop()!),
      onError: reject,
    });
    signal.addEventListener("abort", () => {
      void upload.abort(true).catch(() => undefined);
      reject(new DOMException("Upload cancelled", "AbortError"));
    });
    void upload.findPreviousUploads().then((previous) => {
      const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
      if (!signal.aborted) upload.start();
    }, reject);
  });
}

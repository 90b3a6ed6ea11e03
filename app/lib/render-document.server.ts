import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";

/** What React writes for a Suspense boundary it could not finish on the server, and leaves to the browser. */
const UNFINISHED_BOUNDARY = "<!--$!-->";

export interface RenderOptions {
  nonce: string;
  /** Gives up on a stream that still waits after this long. */
  timeoutMs: number;
  /** An error in a part rendered after the page's shell: the page is sent, with this noted. */
  onLateError: (error: unknown) => void;
  /** Called before the document is rendered a second time, as a stream. */
  beforeRenderingAgain?: () => void;
}

/**
 * The whole document as bytes, in one synchronous pass to a string, which spares React the work of a
 * stream (ADR 079). Should a part still wait on something (React leaves its boundary unfinished), the
 * document is rendered again as a stream that waits for all of it.
 */
export async function renderDocument(document: ReactElement, options: RenderOptions): Promise<Buffer<ArrayBuffer>> {
  const atOnce = renderToString(document);
  if (!atOnce.includes(UNFINISHED_BOUNDARY)) return Buffer.from(atOnce.startsWith("<html") ? `<!DOCTYPE html>${atOnce}` : atOnce);
  options.beforeRenderingAgain?.();
  return renderedAsStream(document, options);
}

/**
 * Gives React Router a closed hydration stream for a second render: its data is in the cache already
 * (readHydrationData), and the first render took a reader of the stream it had, which locked it.
 */
export function renewHydrationStream(context: EntryContext): void {
  if (context.serverHandoffStream) context.serverHandoffStream = new ReadableStream({ start: (controller) => controller.close() });
}

/**
 * React Router's hydration data, read whole into the cache its stream-writing component reads from
 * (`renderMeta.streamCache`, one entry per chunk), so that component renders at once, without waiting.
 */
export async function readHydrationData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const streamCache: NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]> = {};
  for (let chunk = 0; ; chunk++) {
    const { done, value } = await reader.read();
    streamCache[chunk] = Object.assign(Promise.resolve(), { result: { done, value: decoder.decode(value, { stream: true }) } });
    if (done) break;
  }
  reader.releaseLock();
  context.renderMeta.streamCache = streamCache;
}

/** The document rendered as a stream that waits for every part, collected in one buffer. */
function renderedAsStream(document: ReactElement, { nonce, timeoutMs, onLateError }: RenderOptions): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer | Uint8Array, _encoding, callback) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(page);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        // An error before the shell is thrown to React Router, which reports it; one after is only known here.
        if (shellRendered) onLateError(error);
      },
    });
    const timeoutId = setTimeout(() => abort(), timeoutMs);
  });
}

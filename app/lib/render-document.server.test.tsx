import { Suspense, use } from "react";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { readHydrationData, renderDocument, renewHydrationStream } from "./render-document.server";

const options = { nonce: "n0nce", timeoutMs: 5_000, onLateError: () => {} };
const encoder = new TextEncoder();

/** React Router's hydration data as it comes: a stream of encoded chunks. */
function handoff(...chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("renderDocument", () => {
  it("renders a document that waits on nothing at once, with its doctype", async () => {
    const page = (await renderDocument(<html lang="fr"><body><p>Bonjour</p></body></html>, options)).toString();
    expect(page.startsWith('<!DOCTYPE html><html lang="fr">')).toBe(true);
    expect(page).toContain("<p>Bonjour</p>");
  });

  it("waits for a part that suspends, rather than leaving it to the browser", async () => {
    const later = new Promise<string>((resolve) => setTimeout(() => resolve("Later"), 20));
    const Late = () => <p>{use(later)}</p>;
    const document = (
      <html>
        <body>
          <Suspense fallback={<p>Waiting</p>}>
            <Late />
          </Suspense>
        </body>
      </html>
    );
    const page = (await renderDocument(document, options)).toString();
    expect(page).toContain("<p>Later</p>");
    expect(page).not.toContain("Waiting");
    expect(page).not.toContain("<!--$!-->");
  });
});

describe("rendering again", () => {
  it("gives React Router a fresh stream to take a reader of, the first render having locked the one it read", async () => {
    const context = { renderMeta: {}, serverHandoffStream: handoff("[1]") } as unknown as EntryContext;
    await readHydrationData(context);
    // As React Router's ServerRouter does on every render.
    const TakesAReader = () => {
      context.serverHandoffStream!.getReader();
      return null;
    };
    const later = new Promise<string>((resolve) => setTimeout(() => resolve("Later"), 20));
    const Late = () => <p>{use(later)}</p>;
    const document = (
      <html>
        <body>
          <TakesAReader />
          <Suspense fallback={null}>
            <Late />
          </Suspense>
        </body>
      </html>
    );
    const page = await renderDocument(document, { ...options, beforeRenderingAgain: () => renewHydrationStream(context) });
    expect(page.toString()).toContain("<p>Later</p>");
    expect(context.renderMeta!.streamCache![0]!.result).toEqual({ done: false, value: "[1]" });
  });
});

describe("readHydrationData", () => {
  it("reads the whole stream into the cache React Router's stream component reads, one entry per chunk", async () => {
    const context = { renderMeta: {}, serverHandoffStream: handoff('[{"a":1}', ",2]") } as unknown as EntryContext;
    await readHydrationData(context);
    const cache = context.renderMeta!.streamCache!;
    expect([0, 1, 2].map((chunk) => cache[chunk]!.result)).toEqual([
      { done: false, value: '[{"a":1}' },
      { done: false, value: ",2]" },
      { done: true, value: "" },
    ]);
    // The stream is left unlocked and read to its end, for the component's own reader.
    expect(context.serverHandoffStream!.locked).toBe(false);
  });
});

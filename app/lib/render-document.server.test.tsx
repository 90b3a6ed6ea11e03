import { Suspense, use } from "react";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { readHydrationData, renderDocument } from "./render-document.server";

const options = { nonce: "n0nce", timeoutMs: 5_000, onLateError: () => {} };

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

describe("readHydrationData", () => {
  it("reads the whole stream into the cache React Router's stream component reads, one entry per chunk", async () => {
    const encoder = new TextEncoder();
    const context = {
      renderMeta: {},
      serverHandoffStream: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('[{"a":1}'));
          controller.enqueue(encoder.encode(",2]"));
          controller.close();
        },
      }),
    } as unknown as EntryContext;
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

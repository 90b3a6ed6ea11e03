import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { AppConfig } from "~/lib/config.server";
import { createLogger } from "./logger";
import { createRenderPool, RenderThreadFailed, type RenderPool, type RenderPoolOptions } from "./render-pool";

describe("a render pool whose threads misbehave", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "render-pool-"));
  const threadFile = (name: string, code: string) => {
    const file = path.join(folder, `${name}.mjs`);
    writeFileSync(file, code);
    return pathToFileURL(file);
  };
  const pool = (file: URL, options: Partial<RenderPoolOptions> = {}) =>
    createRenderPool({ threadFile: file, serverBuild: "", config: {} as AppConfig, logger: createLogger("silent"), threads: 1, crowd: 0, idleMs: 100, ...options });
  const ask = (renderPool: RenderPool) => renderPool.render(new Request("http://site/blog"), { cspNonce: "n", clientIp: "127.0.0.1", acceptEncoding: null }, 10);
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done(); waited += 10) {
      if (waited > 10_000) throw new Error("waited 10 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it("does not start a thread again at once after one failed to start: the server renders meanwhile", async () => {
    const broken = pool(threadFile("broken", 'throw new Error("cannot load");'), { retryStartMs: 60_000 });
    expect(ask(broken)).toBeUndefined();
    expect(broken.threads).toBe(1);
    await until(() => broken.threads === 0);
    for (let attempt = 0; attempt < 5; attempt++) expect(ask(broken)).toBeUndefined();
    expect(broken.threads).toBe(0);
    await broken.close();
  });

  it("stops a thread that does not answer, and its page is refused so the server renders it", async () => {
    const silent = pool(threadFile("silent", 'import { parentPort } from "node:worker_threads";\nparentPort.postMessage("ready");\nparentPort.on("message", () => {});'), { stuckMs: 200 });
    expect(ask(silent)).toBeUndefined();
    let page: Promise<Response> | undefined;
    await until(() => (page = ask(silent)) !== undefined);
    await expect(page).rejects.toBeInstanceOf(RenderThreadFailed);
    await until(() => silent.threads === 0);
    await silent.close();
  });

  it("starts a thread for a crowd whose pages never overlap while the server's thread is kept busy, and not for a quiet trickle", async () => {
    const ready = threadFile("ready", 'import { parentPort } from "node:worker_threads";\nparentPort.postMessage("ready");\nparentPort.on("message", () => {});');
    const alone = (renderPool: RenderPool) => renderPool.render(new Request("http://site/blog"), { cspNonce: "n", clientIp: "127.0.0.1", acceptEncoding: null }, 1);
    const quiet = pool(ready, { crowd: 2 });
    for (let page = 0; page < 10; page++) {
      expect(alone(quiet)).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(quiet.threads).toBe(0);
    await quiet.close();

    // Pages rendered one after the other without a pause, as the server does with pages it sends as they are.
    const crowded = pool(ready, { crowd: 2 });
    const until = Date.now() + 2000;
    while (Date.now() < until && crowded.threads === 0) {
      const busyUntil = Date.now() + 5;
      while (Date.now() < busyUntil);
      expect(alone(crowded)).toBeUndefined();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(crowded.threads).toBe(1);
    await crowded.close();
  });
});

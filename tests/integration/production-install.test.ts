import { existsSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chimeWav } from "~/modules/podcast/wav";
import { MIGRATIONS } from "../../db/migrations/index";
import { PATHS } from "../../server/paths";
import { HttpSession } from "../support/http-session";
import { simplePdf } from "../support/pdf";
import { productionInstall } from "../support/production-install";
import { runCommand } from "../support/run-command";
import { spawnServer, type ServerProcess } from "../support/server-process";
import { decodeAnswer } from "../support/single-fetch";
import { uploadFile } from "../support/tus";

// The site as a server runs it after `npm install && npm run build && npm prune --omit=dev`: a copy of this
// built checkout pruned by npm itself (no React Router's build tools, no Tailwind, no fonts' or icons'
// sources), started with plain node on a fresh DATA_DIR, and the owner's commands run there with npm.

const OWNER = { email: "owner@example.org", password: "the owner's production passphrase" };

describe("a production install (dependencies only)", () => {
  let install: { folder: string };
  let server: ServerProcess;
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: "info", npm_config_update_notifier: "false" });

  /** `npm run <script> -- <args>` in the production copy, as the owner runs it on the server. */
  const npmRun = (script: string, args: string[] = []) =>
    runCommand("npm", ["run", "--silent", script, "--", ...args], { cwd: install.folder, env: { ...process.env, NODE_ENV: "production", ...env() } });

  beforeAll(async () => {
    install = productionInstall(PATHS.root);
    dataDir = path.join(install.folder, "data");
    const started = spawnServer(env(), { entry: path.join(install.folder, "build", "entry", "main.js") });
    server = started;
    await started.ready;
  });

  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    if (install) rmSync(install.folder, { recursive: true, force: true });
  });

  it("holds none of the build's own packages, only what runs", () => {
    const installed = (name: string) => existsSync(path.join(install.folder, "node_modules", name));
    // npm keeps Vite, Vitest and TypeScript: packages the site runs on name them as optional peers.
    expect(["@react-router/dev", "@tailwindcss/vite", "tailwindcss", "lucide-react", "@fontsource-variable/inter", "eslint", "playwright-core", "lighthouse"].filter(installed)).toEqual([]);
    expect(["express", "react-router", "better-sqlite3", "sharp", "pdfjs-dist", "@napi-rs/canvas", "tsx"].every(installed)).toBe(true);
  });

  it("starts on a fresh DATA_DIR: every migration applied, the sample content seeded, the home page served", async () => {
    const ready = server.output().split("\n").find((line) => line.includes('"database ready"'));
    const report = JSON.parse(ready!) as { migrationsApplied: string[]; seeded: Record<string, number>; location: string };
    expect(report.location).toBe(path.join(dataDir, "app.db"));
    expect(report.migrationsApplied).toEqual(Object.keys(MIGRATIONS));
    expect(report.seeded.articles).toBeGreaterThan(0);
    expect(report.seeded.products).toBeGreaterThan(0);
    expect(report.seeded.episodes).toBeGreaterThan(0);
    expect(server.output()).toContain("No admin account yet. Create the owner's account here");

    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("</html>");
    // The sample episodes' audio was generated and stored at the first start.
    const feed = await (await fetch(`${server.url}/podcast/feed.xml`)).text();
    const enclosure = /<enclosure url="([^"]+)"/.exec(feed)![1]!;
    const audio = await fetch(enclosure.replace(/^https?:\/\/[^/]+/, server.url));
    expect([audio.status, audio.headers.get("content-type")]).toEqual([200, "audio/mpeg"]);
  });

  it("runs `npm run db:migrate` and the start's build check (`npm start`) without the build tools", async () => {
    const migrate = await npmRun("db:migrate");
    expect(migrate.code).toBe(0);
    expect(migrate.output).toContain(`sqlite at ${path.join(dataDir, "app.db")}: already up to date`);
    // A pruned install whose sources look newer than the build (npm's prune rewrites package-lock.json):
    // the check starts the build there is, says so, and does not try to rebuild without the build tools.
    const compiledServer = path.join(install.folder, "build", "entry", "main.js");
    const builtAt = statSync(compiledServer).mtimeMs;
    utimesSync(path.join(install.folder, "package-lock.json"), new Date(), new Date(builtAt + 60_000));
    const buildCheck = await runCommand(process.execPath, ["--import", "tsx", "scripts/build-if-stale.ts"], { cwd: install.folder, env: { ...process.env, ...env() } });
    expect(buildCheck.code).toBe(0);
    expect(buildCheck.output).toContain("The sources changed since the last build, but the build tools are not installed");
    expect(statSync(compiledServer).mtimeMs).toBe(builtAt);
  });

  it("makes an admin with `npm run admin:create`, who signs in and runs the audio and PDF workers", async () => {
    const created = await npmRun("admin:create", ["--email", OWNER.email, "--password", OWNER.password]);
    expect(created.code).toBe(0);
    expect(created.output).toContain(`Created the admin account ${OWNER.email}.`);

    const owner = new HttpSession(server.url, "10.69.0.1");
    expect((await owner.post("/sign-in", OWNER)).status).toBe(302);
    expect((await owner.get("/admin")).status).toBe(200);
    expect((await owner.post("/admin-access", { intent: "verify" })).status).toBe(200);

    // A WAV goes through the MP3 encoder's worker thread (lamejs).
    const wav = chimeWav({ seconds: 2, notes: [440], sampleRate: 44_100 });
    const episode = await owner.post("/podcast.data", { intent: "create", uploadId: await uploadFile(owner, wav, "tone.wav"), title: "Production Tone", description: "Show notes.", categories: "Diaspora" });
    expect(decodeAnswer(await episode.text()).slug).toBe("production-tone");
    const page = await (await owner.get("/podcast/production-tone")).text();
    const audioPath = /"contentUrl":"https?:\/\/[^/"]+([^"]+\.mp3)"/.exec(page)![1]!;
    expect((await fetch(server.url + audioPath)).headers.get("content-type")).toBe("audio/mpeg");

    // A PDF's cover is drawn by the cover worker (pdf.js on @napi-rs/canvas) and stored as WebP by sharp.
    const book = { intent: "saveBook", bookTitle: "Voices of Resilience", authorName: "A. Mensah", bookDescription: "", uploadId: await uploadFile(owner, simplePdf(2), "book.pdf", "book") };
    expect((await owner.post("/shop.data", book)).status).toBe(200);
    const cover = /\/shop\/cover\/[^"\s?]+\.webp/.exec(await (await owner.get("/shop")).text())![0];
    const coverImage = await owner.get(cover);
    expect([coverImage.status, coverImage.headers.get("content-type")]).toEqual([200, "image/webp"]);
  });
});

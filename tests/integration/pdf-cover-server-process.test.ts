import { describe, expect, it } from "vitest";
import { readBook } from "~/modules/shop/book.server";
import { appOnTestDatabase } from "../support/app-server";
import { HttpSession } from "../support/http-session";
import { people, PEOPLE_PASSWORD } from "../support/people";
import { imageBombPdf, simplePdf } from "../support/pdf";
import { spawnServer } from "../support/server-process";
import { uploadFile } from "../support/tus";

// The cover worker is a file of its own beside its adapter: the server started as `npm start` starts it
// (the compiled server under plain node, the production build) finds it, draws a normal cover and refuses a bomb.

const fields = (uploadId: string) => ({ intent: "saveBook", bookTitle: "Voices of Resilience", authorName: "A. Mensah", bookDescription: "", uploadId });

describe("e-book covers in the server process", () => {
  const app = appOnTestDatabase("sqlite");
  people(app);

  it("draws a cover and refuses a decompression bomb in a server started from its entry file", async () => {
    const server = spawnServer({ DATA_DIR: app.services.config.dataDir });
    try {
      await server.ready;
      const owner = new HttpSession(server.url, "10.74.0.1");
      expect((await owner.post("/sign-in", { email: "owner@example.org", password: PEOPLE_PASSWORD })).status).toBe(302);
      expect((await owner.post("/admin-access", { intent: "verify" })).status).toBe(200);

      const bomb = await owner.post("/shop.data", fields(await uploadFile(owner, await imageBombPdf(16_000), "bomb.pdf", "book")));
      expect(bomb.status).toBe(422);
      expect(await bomb.text()).toContain("tooHeavy");

      const saved = await owner.post("/shop.data", fields(await uploadFile(owner, simplePdf(2), "book.pdf", "book")));
      expect(saved.status).toBe(200);
      const book = await readBook(app.services.db);
      expect(book?.coverKey).toMatch(/^book\/covers\/.+\.webp$/);
      const cover = await owner.get(`/shop/cover/${book!.coverKey!.split("/").pop()}`);
      expect(cover.status).toBe(200);
      expect(cover.headers.get("content-type")).toBe("image/webp");
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});

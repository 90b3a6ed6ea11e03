import type { AppServices } from "~/adapters/context.server";
import type { Actor } from "~/modules/audit/audit.server";
import { bookPdfPath, readBook } from "./book.server";
import { drawnCoverPath } from "./covers";
import { shopCovers } from "./covers.server";
import type { ManageView } from "./manage-view";
import { readVideo, videoPath } from "./video.server";

type Services = Pick<AppServices, "db" | "storage" | "uploads" | "signedLinks" | "logger">;
/** The admin's link to the private PDF opens it for ten minutes. */
const DOWNLOAD_LINK_MS = 10 * 60 * 1000;

/** The e-book, the trailer and the covers as stored (read alongside the request's other data). */
export async function shopMedia(services: Services, now: Date) {
  const [stored, video, covers] = await Promise.all([readBook(services.db), readVideo(services.db), shopCovers(services, now)]);
  return { stored, video, covers };
}

/** What the shop page shows of the media: the book for whom it is visible, and the cover. */
export function shownMedia(media: Awaited<ReturnType<typeof shopMedia>>, canEdit: boolean) {
  const { stored, covers } = media;
  // Visitors see the e-book only once it is published; the admin in admin mode sees it before.
  const shown = stored && (stored.published || canEdit) ? stored : null;
  // Cover priority: the stored (signed) cover — the temporary one while it is there — then the PDF's first page, then the placeholder.
  const coverUrl = covers.temporary?.url ?? covers.secureCover ?? (shown?.coverKey ? drawnCoverPath(shown.coverKey) : null);
  return { ...media, shown, coverUrl };
}

/** The admin panels' view of the media, with a download link for the PDF that works for ten minutes. */
export function manageView(services: Services, media: ReturnType<typeof shownMedia>, actor: Actor, now: Date): ManageView {
  const { stored, video, covers, coverUrl } = media;
  return {
    book: stored && {
      title: stored.title,
      author: stored.author,
      description: stored.description,
      published: stored.published,
      pdfName: stored.pdfName,
      pdfSize: stored.pdfSize,
      downloadUrl: services.signedLinks.url(bookPdfPath(stored.pdfKey), new Date(now.getTime() + DOWNLOAD_LINK_MS)),
    },
    video: video && { name: video.name, size: video.size, type: video.type, published: video.published, url: videoPath(video.key) },
    secureCover: covers.secureCover,
    temporaryCover: covers.temporary,
    coverUrl,
    operatorId: actor.userId ?? "",
  };
}

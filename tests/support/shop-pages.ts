import type { HttpSession } from "./http-session";
import { simplePdf } from "./pdf";
import { uploadFile } from "./tus";
/** Whether the permanent cover panel shows its 'Secure Cover Active' status (the words alone are also in the page's strings). */
export const secureCoverActive = (html: string) => /role="status"[^>]*>(?:(?!<\/p>).)*Secure Cover Active<\/p>/s.test(html);

/** The admin saves the e-book with a one-page PDF, as the book form posts it. */
export async function saveBook(owner: HttpSession, bookTitle: string, fields: Record<string, string> = {}): Promise<Response> {
  const uploadId = await uploadFile(owner, simplePdf(1), "book.pdf", "book");
  return owner.post("/shop.data", { intent: "saveBook", bookTitle, authorName: "A. Mensah", bookDescription: "Essays.", ...fields, uploadId });
}

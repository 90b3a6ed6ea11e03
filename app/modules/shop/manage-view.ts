/**
 * What the admin's shop panels show (on /shop and on the dashboard's shop page):
 * only the fields they need, so storage keys stay on the server.
 */
export interface ManageView {
  book: { title: string; author: string; description: string; published: boolean; pdfName: string; pdfSize: number; downloadUrl: string } | null;
  video: { name: string; size: number; type: string; published: boolean; url: string } | null;
  /** The permanent cover's signed link. */
  secureCover: string | null;
  temporaryCover: { url: string; name: string } | null;
  /** The cover the shop page shows now. */
  coverUrl: string | null;
  /** The admin's own id, sent back with the temporary cover for the admin-operation validation. */
  operatorId: string;
}

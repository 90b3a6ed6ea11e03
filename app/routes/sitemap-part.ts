/** GET /sitemaps/<n>.xml: one numbered part of a sitemap too large for one file (see routes/sitemap.ts). */
export { loader } from "./sitemap";

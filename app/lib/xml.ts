import { xmlSafe } from "./clean-text";

/** Text or a URL made safe inside XML: the characters XML 1.0 cannot hold removed (`xmlSafe`), the five special characters escaped. */
export const escapeXml = (text: string) =>
  xmlSafe(text).replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

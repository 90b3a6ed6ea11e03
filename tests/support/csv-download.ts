import { expect } from "vitest";
import { UTF8_BOM } from "~/modules/audit/csv";

/**
 * Checks an admin CSV download (text/csv, attachment with `filename`, never stored, a byte order mark
 * first so spreadsheets read UTF-8) and returns its lines.
 */
export async function csvDownloadLines(response: Response, filename: string): Promise<string[]> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([...new TextEncoder().encode(UTF8_BOM)]);
  return new TextDecoder().decode(bytes).split("\r\n");
}

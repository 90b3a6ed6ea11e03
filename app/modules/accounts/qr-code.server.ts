import { encode } from "uqr";

/**
 * A QR code as one SVG path of unit squares (for a viewBox of `0 0 size size`), drawn on the server
 * so the page needs no script and the encoder never ships to the browser (ADR 025).
 */
export function qrCodePath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  const squares: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && squares.push(`M${x} ${y}h1v1h-1z`)));
  return { size, path: squares.join("") };
}

import { loadSharp } from "~/adapters/images/sharp.server";

/**
 * Renders an SVG drawing to PNG for places that do not accept SVG (Open Graph and Twitter cards),
 * cropped to the requested size.
 */
export async function svgToPng(svg: string, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg), { limitInputPixels: 4096 * 4096 }).resize(width, height, { fit: "cover" }).png({ compressionLevel: 9 }).toBuffer();
}

import { MAX_QUANTITY, read, write } from "./cart-store";

/** The shop's and the cart page's changes to the cart; every page's header only reads it (cart-store.ts). */
export function addToCart(slug: string): void {
  const lines = read();
  const existing = lines.find((line) => line.slug === slug);
  write(existing ? lines.map((line) => (line.slug === slug ? { ...line, quantity: Math.min(line.quantity + 1, MAX_QUANTITY) } : line)) : [...lines, { slug, quantity: 1 }]);
}

export function setQuantity(slug: string, quantity: number): void {
  const clamped = Math.min(Math.max(Math.trunc(quantity) || 1, 1), MAX_QUANTITY);
  write(read().map((line) => (line.slug === slug ? { ...line, quantity: clamped } : line)));
}

export function removeFromCart(slug: string): void {
  write(read().filter((line) => line.slug !== slug));
}

/** Drops lines the shop does not sell (unknown or coming soon), so the header's count matches the cart. */
export function keepOnly(slugs: readonly string[]): void {
  const lines = read();
  const kept = lines.filter((line) => slugs.includes(line.slug));
  if (kept.length !== lines.length) write(kept);
}

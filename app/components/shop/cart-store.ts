import { useSyncExternalStore } from "react";

/** The cart lives in the browser, as [{ slug, quantity }] under one key. */
export const CART_STORAGE_KEY = "cart";
export const MAX_QUANTITY = 99;

export interface CartLine {
  slug: string;
  quantity: number;
}

const listeners = new Set<() => void>();
const EMPTY: CartLine[] = [];
let cached: { raw: string | null; lines: CartLine[] } = { raw: null, lines: EMPTY };

function read(): CartLine[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cached.raw) return cached.lines;
  let lines: CartLine[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) {
      lines = parsed
        .filter((line): line is CartLine => typeof line?.slug === "string" && Number.isInteger(line?.quantity))
        .map((line) => ({ slug: line.slug, quantity: Math.min(Math.max(line.quantity, 1), MAX_QUANTITY) }));
    }
  } catch {
    lines = EMPTY;
  }
  cached = { raw, lines };
  return lines;
}

function write(lines: CartLine[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or disabled: the cart simply does not persist.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === CART_STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The cart's lines; empty on the server and until the browser has read its storage. */
export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/** True once the page runs in the browser, so the cart can tell "loading" from "empty". */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}

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

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

/** The cart as stored; changes go through `write` (cart-changes.ts, kept apart: the header only reads). */
export function read(): CartLine[] {
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

export function write(lines: CartLine[]): void {
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

import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";

type Focus = "first" | "last" | null;

/**
 * Keyboard behaviour of a menu button (WAI-ARIA APG): Enter, Space or ArrowDown opens on the first
 * item, ArrowUp on the last; arrows, Home and End move between items; Escape closes and returns focus
 * to the button; Tab closes and lets focus move on.
 */
export function useMenuKeyboard({
  open,
  setOpen,
  triggerRef,
  menuRef,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
  menuRef: RefObject<HTMLElement | null>;
}) {
  const pendingFocus = useRef<Focus>(null);
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusAt = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus();
  };

  // The menu's items exist only once it has rendered open: move focus then.
  useEffect(() => {
    if (!open || !pendingFocus.current) return;
    focusAt(pendingFocus.current === "first" ? 0 : -1);
    pendingFocus.current = null;
  });

  const openAt = (focus: Focus) => {
    pendingFocus.current = focus;
    if (open) focusAt(focus === "last" ? -1 : 0);
    else setOpen(true);
  };

  return {
    onTriggerKeyDown(event: KeyboardEvent) {
      const focus: Focus = ["Enter", " ", "ArrowDown"].includes(event.key) ? "first" : event.key === "ArrowUp" ? "last" : null;
      if (!focus) return;
      event.preventDefault();
      openAt(focus);
    },
    onMenuKeyDown(event: KeyboardEvent) {
      const list = items();
      const index = list.indexOf(document.activeElement as HTMLElement);
      const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
      if (event.key in moves) {
        event.preventDefault();
        focusAt(moves[event.key]!);
      } else if (event.key === "Escape") {
        event.preventDefault();
        setOpen(false);
        triggerRef.current?.focus();
      } else if (event.key === "Tab") {
        setOpen(false);
      } else if (event.key === " ") {
        event.preventDefault();
        (document.activeElement as HTMLElement | null)?.click();
      }
    },
  };
}

import { SUBMENU_CLOSE_GRACE_MS, SUBMENU_OPEN_DELAY_MS } from "./ui-constants";

/**
 * Opens a menu after the pointer rests on its trigger and keeps it open while the pointer crosses
 * the gap to the menu: enter schedules an open, leave schedules a close, and each cancels the other.
 */
export class HoverIntent {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly setOpen: (open: boolean) => void,
    private readonly openDelayMs = SUBMENU_OPEN_DELAY_MS,
    private readonly closeGraceMs = SUBMENU_CLOSE_GRACE_MS,
  ) {}

  enter(): void {
    this.schedule(true, this.openDelayMs);
  }

  leave(): void {
    this.schedule(false, this.closeGraceMs);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(open: boolean, delay: number): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.setOpen(open);
    }, delay);
  }
}

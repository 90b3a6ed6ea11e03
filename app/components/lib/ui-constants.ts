/** Interface timings and defaults, in one place so every component agrees. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_VISIBLE_LIMIT = 1;
export const SUBMENU_OPEN_DELAY_MS = 100;
export const SUBMENU_CLOSE_GRACE_MS = 300;
export const PROGRESS_DEFAULT_MAX = 100;

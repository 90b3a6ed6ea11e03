import type { Config } from "@react-router/dev/config";

// React Router 8's defaults: middleware and `context` (app/adapters/context.server.ts), route modules split,
// Vite's environment API, raw requests in loaders and trailing-slash-aware data URLs.
export default {
  ssr: true,
} satisfies Config;

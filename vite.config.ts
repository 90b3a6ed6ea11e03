import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    // content/ holds the sample content and the lists pages render; code imports its JSON as @content/….
    alias: { "~": path.resolve(import.meta.dirname, "app"), "@content": path.resolve(import.meta.dirname, "content") },
  },
  build: {
    // Server-only modules must never reach the browser bundle.
    assetsInlineLimit: 0,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Left alone, every page preloads ~30 small chunks; on a phone's connection each costs a round
            // trip. Libraries go in one long-cached chunk and code shared by several pages in another (ADR 022).
            codeSplitting: {
              groups: [
                // Only what every page runs; dialogs, toasts and the carousel stay in chunks loaded on use.
                {
                  name: "vendor",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|lucide-react|clsx|tailwind-merge)[\\/]/,
                  priority: 2,
                },
                { name: "shared", test: /[\\/]app[\\/]/, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});

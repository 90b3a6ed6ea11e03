import { readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Icons for the build (ADR 052): each goes through app/components/ui/lucide-icon.ts instead of lucide's
 * general `createLucideIcon`, and `import { Menu } from "lucide-react"` in the app becomes an import of
 * that icon's own file, marked with the importing module, so an icon travels in the chunk of the code
 * that draws it instead of a tiny chunk of its own (and the shell's icons are found by its imports).
 */
function lightLucideIcons(): Plugin {
  const lucide = path.resolve(import.meta.dirname, "node_modules/lucide-react/dist/esm");
  const replacement = path.resolve(import.meta.dirname, "app/components/ui/lucide-icon.ts");
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(path.join(lucide, "lucide-react.mjs"), "utf8").matchAll(/export \{ ([^}]+) \} from '\.\/(icons\/[^']+)';/g)) {
    for (const name of names!.matchAll(/default as (\w+)/g)) files.set(name[1]!, file!);
  }
  return {
    name: "light-lucide-icons",
    enforce: "pre",
    apply: "build",
    resolveId: (source, importer) => (source === "../createLucideIcon.mjs" && /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer ?? "") ? replacement : null),
    transform(code, id) {
      // What lucide-icon.ts does not read: the shapes' React keys (it passes them as separate children),
      // the default size, and a bare `__iconData.node;` statement the minifier keeps.
      if (/lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id)) {
        return { code: code.replace(/,\s*key: "[^"]*"/g, "").replace(/\n {2}size: 24,/, "").replace(/\n__iconData\.node;/, ""), map: null };
      }
      if (!/[\\/]app[\\/].*\.tsx?$/.test(id) || !code.includes('from "lucide-react"')) return null;
      const owner = encodeURIComponent(path.relative(import.meta.dirname, id));
      return code.replace(/import \{([^}]+)\} from "lucide-react";/g, (statement, names: string) =>
        names
          .split(",")
          .map((name) => name.trim())
          // Types ("type LucideIcon") leave nothing behind once TypeScript is stripped.
          .filter((name) => name && !name.startsWith("type "))
          .map((name) => {
            const [imported, local = imported] = name.split(/\s+as\s+/) as [string, string?];
            const file = files.get(imported);
            if (!file) throw new Error(`lucide-react has no icon ${imported} (imported by ${id})`);
            return `import ${local} from "${path.join(lucide, file)}?for=${owner}";`;
          })
          // One line, as the import was: the lines of the module keep their numbers in source maps.
          .join(" "),
      );
    },
  };
}

/** The libraries every page runs. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/**
 * The modules of the page shell: `app/root.tsx` and the language layout and what they import
 * statically (icons included: the app imports each icon's own file, see lightLucideIcons).
 */
const SHELL_ROUTES = /[\\/]app[\\/](root\.tsx|routes[\\/]localized-layout\.tsx)/;
const inShell = new Map<string, boolean>();

/** Walks importers up from a module: true when a shell route reaches it by static imports alone. */
function reachedByShell(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  const known = inShell.get(id);
  if (known !== undefined) return known;
  if (seen.has(id)) return false;
  seen.add(id);
  const found = SHELL_ROUTES.test(id) || (graph.getModuleInfo(id)?.importers ?? []).some((importer) => reachedByShell(importer, graph, seen));
  // Only a positive answer is final: a negative one may come from a cycle still being walked.
  if (found) inShell.set(id, true);
  return found;
}

export default defineConfig({
  plugins: [tailwindcss(), lightLucideIcons(), reactRouter()],
  // Bundled, so the server renders the same icons as the browser (lightLucideIcons).
  ssr: { noExternal: ["lucide-react"] },
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
        // A lazy chunk's own imports load when it does; Vite's helper that would fetch them a moment
        // earlier costs every page ~0.3 KB of gzip (ADR 052).
        modulePreload: false,
        rolldownOptions: {
          output: {
            // Chunks are named by their hash alone: every import names the file it reads, on every page.
            chunkFileNames: "assets/[hash].js",
            // Left alone, every page preloads ~30 small chunks, and code two pages share lands in a chunk
            // every page loads. So: one chunk with what every page runs (React, React DOM, React Router,
            // and the shell: the app's modules root.tsx and the language layout import, and its i18n
            // helpers), and code shared by some pages in chunks loaded by just those pages (entriesAware),
            // so a reader never downloads the admin's code (ADR 022, superseded in part by ADR 052).
            codeSplitting: {
              groups: [
                { name: (id, graph) => (FRAMEWORK.test(id) || /[\\/]app[\\/]i18n[\\/]/.test(id) || reachedByShell(id, graph) ? "shell" : null), priority: 2 },
                { name: "shared", test: /[\\/]app[\\/]|node_modules[\\/](lucide-react|clsx)[\\/]/, minShareCount: 2, priority: 1, entriesAware: true },
              ],
            },
          },
        },
      },
    },
  },
});

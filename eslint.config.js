import { readdirSync, readFileSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Imports flow one way (docs/decisions/004-layering-enforced-by-eslint.md):
 * routes → components → modules → adapters → lib. Two domains meet only in a route.
 * Every layer reaches other folders through "~/" so the rules below can see where an import goes.
 */
const noParentImports = { group: ["../*"], message: "Import through ~/ so the layer rules apply." };
// A type-only import is erased before bundling, so components may name a module's types without shipping its code
// (docs/decisions/048-components-import-module-types.md).
const serverOnly = {
  group: ["**/*.server", "**/*.server.ts"],
  allowTypeImports: true,
  message: "Components never import server-only code; `import type` is the one way to use its types.",
};
const layer = (names, why) => names.map((name) => ({ group: [`~/${name}/*`, `~/${name}`], message: why }));

// Cross-cutting modules any domain may use: the audit trail is written in the same transaction as the
// change it records (architecture.md), rate limits guard several domains' forms (ADR 023), the
// outbox takes deferred work in the transaction of the change that calls for it (ADR 026), and the
// site's settings keep what a domain stores without a table of its own (the shop's cover keys).
const CROSS_CUTTING = ["audit", "rate-limit", "outbox", "settings"];

const domains = readdirSync("app/modules", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// app/routes/ holds routes only: every file there is named by the route table (app/route-table.ts, from
// which app/routes.ts is built). Orchestration a route calls lives in the module of the domain it serves,
// where a newcomer looks for it.
const routesConfig = readFileSync("app/route-table.ts", "utf8");
const notRoutes = readdirSync("app/routes", { withFileTypes: true })
  .filter((entry) => entry.isFile() && !routesConfig.includes(`"routes/${entry.name}"`))
  .map((entry) => `app/routes/${entry.name}`);

const restrict = (files, patterns) => ({
  files,
  rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noParentImports, ...patterns] }] },
});

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // `import { type A }` keeps an empty import under verbatimModuleSyntax; `import type` is erased whole.
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // lib is what every layer may share: domain-free and runnable on the server and in the browser alike.
  restrict(["app/lib/**"], layer(["routes", "components", "modules", "adapters", "i18n"], "lib is domain-free and depends on nothing above it.")),
  restrict(["app/i18n/**"], layer(["routes", "components", "modules", "adapters"], "i18n depends only on lib.")),
  restrict(["app/adapters/**"], layer(["routes", "components", "modules"], "Adapters do not know the product's domains or UI.")),
  // The context lists every service the server builds, and the outbox (a cross-cutting module) is one of them.
  restrict(["app/adapters/context.server.ts"], [
    ...layer(["routes", "components"], "Adapters do not know the product's UI."),
    { group: ["~/modules/*", "!~/modules/outbox", "!~/modules/outbox/*"], message: "Adapters do not know the product's domains; the context may name the outbox service." },
  ]),
  restrict(["app/components/**"], [...layer(["routes", "adapters"], "Components get data from routes, not from adapters."), serverOnly]),
  // The interface's own helpers (class names, hover timing, file drops, image compression): domain-free like lib,
  // but only the UI uses them, so they sit inside components where no module or adapter can reach them.
  restrict(["app/components/lib/**"], [
    ...layer(["routes", "modules", "adapters", "i18n"], "components/lib holds the interface's domain-free helpers; it depends only on lib."),
    { group: ["~/components/*", "!~/components/lib", "!~/components/lib/*"], message: "components/lib is used by components, never the other way round." },
  ]),
  ...domains.map((domain) =>
    restrict([`app/modules/${domain}/**`], [
      ...layer(["routes", "components"], "Modules hold logic, no UI."),
      {
        group: ["~/modules/*", `!~/modules/${domain}`, `!~/modules/${domain}/*`, ...CROSS_CUTTING.filter((name) => name !== domain).flatMap((name) => [`!~/modules/${name}`, `!~/modules/${name}/*`])],
        message: "Two domains meet only in a route, never inside a module.",
      },
      { group: ["react", "react-dom", "react-router"], message: "Modules contain no JSX or routing." },
    ]),
  ),
  restrict(["app/routes/**"], []),
  ...(notRoutes.length > 0
    ? [
        {
          files: notRoutes,
          rules: {
            "no-restricted-syntax": ["error", { selector: "Program", message: "Not a route: the route table (app/route-table.ts) does not name this file. Move it into the module of the domain it serves." }],
          },
        },
      ]
    : []),
  restrict(["server/**"], layer(["routes", "components"], "The server entry wires adapters and modules; pages are React Router's.")),
);

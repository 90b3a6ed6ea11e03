import { buildIfStale } from "./build-if-stale";

// `npm start`: build when the sources changed since the last build, then serve in production mode.
buildIfStale();
await import("../server/main");

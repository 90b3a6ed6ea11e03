import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Opt in early to the v8 behaviours that do not change how loaders receive their context.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;

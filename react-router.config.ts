import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Every route is known to the browser from the start (one cached 2.5 KB gzip manifest file): no page
  // works out its partial manifest for each request (~0.3–0.5 ms of CPU on every page), and a phone
  // never waits for a /__manifest round trip before a link it has not seen yet can navigate.
  routeDiscovery: { mode: 'initial' },
  future: {
    // Middleware guards whole areas (the admin area, the signed-in shopper's): docs/decisions/035.
    v8_middleware: true,
    // v7's behaviour, said out loud so a build does not warn about each: none is needed yet.
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;

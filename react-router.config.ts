import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Every route is known to the browser from the start (one cached 2.5 KB gzip manifest file): no page
  // works out its partial manifest for each request (~0.3–0.5 ms of CPU on every page), and a phone
  // never waits for a /__manifest round trip before a link it has not seen yet can navigate.
  routeDiscovery: { mode: 'initial' },
  // Middleware guards whole areas (the admin layout): docs/decisions/035.
  future: { v8_middleware: true },
} satisfies Config;

import type { Route } from './+types/render-check';

export const meta: Route.MetaFunction = () => [
  { title: 'FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

/**
 * The smallest page of the app: it runs the root route and renders through React Router like any
 * page, so it tells a monitor that server rendering works, and benchmarks use it as their baseline.
 */
export default function RenderCheck() {
  return (
    <main>
      <h1>Hello from FreshCatch</h1>
    </main>
  );
}

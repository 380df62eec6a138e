import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The server build inlines the stylesheet into every page (app/lib/inline-css.server.ts): minify it
  // there too (Vite minifies CSS only for the browser build by default).
  build: { cssMinify: true },
  resolve: { tsconfigPaths: true },
  // Bundle the icons into the server build: only the ones we use, instead of loading the whole set.
  ssr: { noExternal: ['lucide-react'] },
  server: { watch: { ignored: ['**/data/**', '**/test-results/**'] } },
});

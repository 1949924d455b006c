import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { prerender } from './scripts/prerender-plugin.ts';
import { portalViteConfig } from './vite.shared.ts';

/** The mock server: the API, the developer endpoints and, in production, this app at /wp-user/. */
const MOCK_SERVER = 'http://localhost:8080';
const proxy = {
  '/api': { target: MOCK_SERVER, changeOrigin: true },
  '/__mock': { target: MOCK_SERVER, changeOrigin: true },
};

const shared = portalViteConfig(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  ...shared,
  plugins: [...(shared.plugins ?? []), prerender()],
  build: { ...shared.build, manifest: true }, // dist/.vite/manifest.json, read by the size check (.size-limit.ts)
  // The mock's `dev` script sends its /wp-user/ pages here (MOCK_PORTAL_URL): this port, or none.
  server: { port: 5173, strictPort: true, proxy },
  preview: { proxy },
});

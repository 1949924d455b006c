import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The mock server: the API, the developer endpoints and, in production, this app at /wp-user/. */
const MOCK_SERVER = 'http://localhost:8080';
const proxy = {
  '/api': { target: MOCK_SERVER, changeOrigin: true },
  '/__mock': { target: MOCK_SERVER, changeOrigin: true },
};

export default defineConfig({
  base: '/wp-user/',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Tests stand beside the route files and are no routes.
      routeFileIgnorePattern: '\\.test\\.tsx?$',
    }),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy },
  preview: { proxy },
});

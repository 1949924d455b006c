import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { portalViteConfig } from '../../packages/web/vite.shared.ts';

export default defineConfig(portalViteConfig(fileURLToPath(new URL('.', import.meta.url))));

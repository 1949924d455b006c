/**
 * Regenerates `src/lib/class-groups.gen.ts`, the class table of `cn()`, from the class names Tailwind finds in `src`.
 * Run it after changing class names: `npx -y pnpm@10.34.9 --filter @ebank/web gen:classes`.
 */
import path from 'node:path';
import { GEN_FILE, writeClassGroups } from '../src/lib/class-groups.build';

const text = writeClassGroups();
const groups = /^export const GROUPS =\n([\s\S]*?);$/mu.exec(text)?.[1]?.split('\n').length ?? 0;
console.log(`${path.relative(process.cwd(), GEN_FILE)}: ${groups} groups written`);

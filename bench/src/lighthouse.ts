/** Lighthouse (mobile and desktop presets) in Debian's Chromium, driven through puppeteer-core. */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseResult {
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
}

export interface PageToAudit {
  readonly name: string;
  readonly url: string;
  /** Entries to put in localStorage of the page's origin first (a signed-in session). */
  readonly localStorage?: Readonly<Record<string, string>>;
}

class LighthouseRunError extends Error {
  constructor(
    url: string,
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse on ${url}: ${message}`);
  }
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];

/** What moved, as Lighthouse's layout-shift audit names it: each element's selector and its share of CLS. */
function shiftedElements(audits: Audits): string[] {
  const details = audits['layout-shifts']?.details;
  if (details?.type !== 'table') return [];
  return details.items.map((item) => {
    const node = item.node;
    const what = typeof node === 'object' && 'selector' in node ? String(node.selector) : 'an element';
    const sub = item.subItems;
    const causes =
      typeof sub === 'object' && 'items' in sub
        ? sub.items
            .map((c) => (typeof c.cause === 'string' ? c.cause : ''))
            .filter(Boolean)
            .join(', ')
        : '';
    return `${what} ${typeof item.score === 'number' ? item.score.toFixed(3) : '?'}${causes ? ` (${causes})` : ''}`;
  });
}

async function auditOnce(page: PageToAudit, preset: Preset): Promise<LighthouseResult> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const tab = await browser.newPage();
    const stored = page.localStorage ?? {};
    if (Object.keys(stored).length > 0) {
      await tab.goto(new URL('/__mock/health', page.url).href);
      await tab.evaluate((entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, stored);
    }
    const run = await lighthouse(
      page.url,
      {
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Keep the session set above.
        disableStorageReset: true,
      },
      preset === 'desktop' ? desktopConfig : undefined,
      tab,
    );
    if (!run) throw new Error(`Lighthouse gave no result for ${page.url}`);
    const { categories, audits, runtimeError } = run.lhr;
    if (runtimeError) throw new LighthouseRunError(page.url, runtimeError.code, runtimeError.message);
    const cls = audits['cumulative-layout-shift']?.numericValue ?? Infinity;
    // A shift is rare and depends on timing: each run that saw one says what moved, or the median hides it.
    if (cls > 0)
      console.log(
        `  ${page.name}, ${preset}: CLS ${cls.toFixed(3)} in one run: ${shiftedElements(audits).join('; ') || 'no element named'}`,
      );
    return {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Infinity),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Infinity),
      cls,
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's own "run Lighthouse again" failures (a trace that missed the navigation): retried. */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED']);

async function audit(page: PageToAudit, preset: Preset, attempts = 3): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(page, preset);
    } catch (error) {
      const code = error instanceof LighthouseRunError ? error.code : undefined;
      if (attempt >= attempts || code === undefined || !RETRYABLE.has(code)) throw error;
      console.warn(`Lighthouse on ${page.url}: ${code}, trying again (${attempt}/${attempts - 1})`);
    }
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/**
 * Audits each page `runs` times with one preset, taking the pages in turn within each round (so a busy
 * moment of the machine falls on all of them alike), and keeps the median of each figure per page
 * (Lighthouse varies run to run).
 */
export async function auditPages(
  pages: readonly PageToAudit[],
  preset: Preset,
  runs: number,
): Promise<Map<string, LighthouseResult>> {
  const all = new Map<string, LighthouseResult[]>(pages.map((page) => [page.name, []]));
  for (let i = 0; i < runs; i += 1) {
    for (const page of pages) all.get(page.name)?.push(await audit(page, preset));
  }
  const medians = new Map<string, LighthouseResult>();
  for (const [name, results] of all) {
    const pick = (key: keyof LighthouseResult) => median(results.map((r) => r[key]));
    medians.set(name, {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
    });
  }
  return medians;
}

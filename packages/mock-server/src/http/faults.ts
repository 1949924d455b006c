/** Artificial latency and failures, for demos of loading and error states. */

export interface Range {
  readonly min: number;
  readonly max: number;
}

export interface LatencyConfig {
  readonly global?: Range;
  /** By operation name or wire selector (`getinstituition`, `iduser`). */
  readonly perOperation?: Readonly<Record<string, Range>>;
}

/** `300`, `100-800`, or `getinstituition=1000,iduser=200-400,*=50`. */
export function parseLatency(text: string): LatencyConfig {
  const range = (s: string): Range => {
    const m = /^(\d+)(?:-(\d+))?$/u.exec(s.trim());
    if (!m) throw new Error(`'${s}' is not a latency: use 300 or 100-800 (milliseconds)`);
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : Number(m[2]);
    if (max < min) throw new Error(`'${s}': the upper bound is below the lower one`);
    return { min, max };
  };
  if (!text.includes('=')) return { global: range(text) };
  const perOperation: Record<string, Range> = {};
  let global: Range | undefined;
  for (const part of text.split(',')) {
    const [key = '', value = ''] = part.split('=');
    if (key.trim() === '*') global = range(value);
    else perOperation[key.trim()] = range(value);
  }
  return global ? { global, perOperation } : { perOperation };
}

export function delayFor(config: LatencyConfig | undefined, keys: readonly string[], random: () => number): number {
  if (!config) return 0;
  const r = keys.map((k) => config.perOperation?.[k]).find((x) => x !== undefined) ?? config.global;
  return r ? Math.round(r.min + (r.max - r.min) * random()) : 0;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Every budget the benchmark checks, in one place. A ratio is measured against a floor built and run in
 * the same benchmark run on the same machine, so a busy machine moves both sides alike.
 */
export const BUDGETS = {
  bundle: {
    /** JS the login page loads before it first renders, gzip, divided by the reference app's. */
    maxInitialJsRatio: 1.2,
    /** Any lazily loaded chunk (a route's code, or what it shares), gzip bytes. */
    maxLazyChunkGzip: 25 * 1024,
  },
  lighthouse: {
    /** Mobile preset, on each page (0 to 100). */
    minMobilePerformance: 98,
    minAccessibility: 100,
    maxCls: 0,
    maxTbtMs: 100,
  },
  load: {
    /** Requests per second of the mock, divided by bare Express with the same body parsing. */
    minThroughputRatio: 0.8,
    /** At 50 connections, for the API calls compared with bare Express. */
    maxP99Ms: 30,
    /**
     * A login is a passcode hash (scrypt) by design (docs/decisions/0011-login-benchmark-floor.md): its
     * floor is the hash itself, run with the same cost and concurrency, not a fixed JSON reply.
     */
    minLoginToHashRatio: 0.8,
  },
} as const;

export const LOAD_CONNECTIONS = 50;
export const LOAD_SECONDS = 5;

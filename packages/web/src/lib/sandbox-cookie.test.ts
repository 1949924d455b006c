import { SANDBOX_COOKIE } from '@ebank/contract';
import { describe, expect, it } from 'vitest';
import { inSandbox, sandboxOfThisBrowser } from './sandbox-cookie';

describe('inSandbox', () => {
  it.each([
    [`${SANDBOX_COOKIE}=visitor-1`, true],
    [`theme=dark; ${SANDBOX_COOKIE}=ci-42`, true],
    [`theme=dark;${SANDBOX_COOKIE}=ci-42`, true],
    ['', false],
    ['theme=dark', false],
    [`not${SANDBOX_COOKIE}=visitor-1`, false],
    [`theme=${SANDBOX_COOKIE}=x`, false],
  ])('reads %j as %s', (cookies, expected) => {
    expect(inSandbox(cookies)).toBe(expected);
  });
});

describe('sandboxOfThisBrowser', () => {
  it.each([
    [`${SANDBOX_COOKIE}=visitor-1`, 'visitor-1'],
    [`theme=dark; ${SANDBOX_COOKIE}=ci-42`, 'ci-42'],
    ['theme=dark', undefined],
    [`theme=${SANDBOX_COOKIE}=x`, undefined],
  ])('reads %j as %s', (cookies, expected) => {
    expect(sandboxOfThisBrowser(cookies)).toBe(expected);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_REDIRECT_MS } from './timings';
import { useAfterDelay } from './use-after-delay';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useAfterDelay', () => {
  it('runs the action once after the delay (5 s unless told), waiting and saying when in between', () => {
    const action = vi.fn();
    const { result } = renderHook(() => useAfterDelay());
    expect(result.current.waiting).toBe(false);
    expect(result.current.pending).toBeUndefined();
    const start = Date.now();
    act(() => {
      result.current.schedule(action);
    });
    expect(result.current.waiting).toBe(true);
    expect(result.current.pending).toEqual({ startedAt: start, runsAt: start + AUTH_REDIRECT_MS });
    act(() => {
      vi.advanceTimersByTime(AUTH_REDIRECT_MS - 1);
    });
    expect(action).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.waiting).toBe(false);
  });

  it('never runs a skipped action, and keeps waiting until the screen is left', () => {
    const action = vi.fn();
    const { result } = renderHook(() => useAfterDelay());
    act(() => {
      result.current.schedule(action, 3000);
    });
    act(() => {
      result.current.skip();
      vi.advanceTimersByTime(10_000);
    });
    expect(action).not.toHaveBeenCalled();
    expect(result.current.waiting).toBe(true);
  });

  it('cancels the action when the screen goes away first', () => {
    const action = vi.fn();
    const { result, unmount } = renderHook(() => useAfterDelay());
    act(() => {
      result.current.schedule(action);
    });
    unmount();
    vi.advanceTimersByTime(AUTH_REDIRECT_MS);
    expect(action).not.toHaveBeenCalled();
  });
});

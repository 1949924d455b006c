/**
 * The bank's account message (the login's `ismsg`) on its way to the notice page. It travels in the
 * history entry's state, which only the portal itself can write, never in the address: a link cannot
 * make the bank's own page say what it likes. A reload or Back keeps it, as the browser keeps an entry's
 * state.
 */
import type { HistoryState } from '@tanstack/react-router';

export interface NoticeMessage {
  readonly head: string;
  readonly body: string;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The account message for the notice page (`/account/info/notice`). */
    notice?: NoticeMessage;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The message in a history entry's state, when it has one of the right shape (an entry written by an
 * older portal, or by another script of the origin, may hold anything).
 */
export function noticeIn(state: HistoryState): NoticeMessage | undefined {
  const notice: unknown = state.notice;
  if (!isRecord(notice) || typeof notice.head !== 'string' || typeof notice.body !== 'string') return undefined;
  return { head: notice.head, body: notice.body };
}

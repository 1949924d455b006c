/**
 * The demo's notice, a thin bar above the portal (it covers nothing): the data stays in this browser;
 * the messages the bank "sent" by e-mail (verification and transfer codes, reset links) can be read
 * here, since there is no mailbox; the calls the portal made to the bank in the page can be followed
 * (the request journal, secrets masked); and the demo can start over from the seeded bank. (No label
 * here says "e-mail", so that the portal's own "E-mail" fields keep a label of their own.)
 */

interface OutboxMessage {
  readonly to: string;
  readonly subject: string;
  readonly code?: string;
  readonly link?: string;
  readonly createdAt: string;
}

const SHOWN_MESSAGES = 5;

/** A call as the request journal (`GET /__mock/journal`) lists it. */
interface JournalEntry {
  readonly at: string;
  readonly operation: string | null;
  readonly selector: string | null;
  readonly email: string | null;
  readonly status: number;
  readonly durationMs: number;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly replyValid: boolean | null;
}

const SHOWN_CALLS = 10;
/** How often the open list of calls is read again. */
const CALLS_REFRESH_MS = 2000;

const COLORS = { background: '#fff4cc', text: '#3b2f00', border: '#e0c766' } as const;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  style: Partial<CSSStyleDeclaration> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  Object.assign(node.style, style);
  return node;
}

const buttonStyle: Partial<CSSStyleDeclaration> = {
  font: 'inherit',
  color: COLORS.text,
  background: 'transparent',
  border: `1px solid ${COLORS.text}`,
  borderRadius: '4px',
  padding: '0 8px',
  cursor: 'pointer',
};

function messageItem(message: OutboxMessage): HTMLLIElement {
  const item = element('li', `${message.subject} (to ${message.to})`);
  if (message.code) {
    item.append(': code ');
    item.append(element('strong', message.code));
  }
  if (message.link) {
    item.append(' ');
    const link = element('a', 'open the link', { color: COLORS.text });
    link.href = message.link;
    item.append(link);
  }
  return item;
}

const fieldValue = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(fieldValue).join(' | ');
  if (typeof value === 'object' && value !== null && 'name' in value && 'size' in value)
    return `${String(value.name)} (${String(value.size)} bytes)`;
  return String(value);
};

function callItem(entry: JournalEntry): HTMLLIElement {
  const time = element('time', new Date(entry.at).toLocaleTimeString());
  time.dateTime = entry.at;
  const item = element('li');
  item.append(time, ' ', element('strong', entry.operation ?? 'no operation'));
  item.append(` (${entry.selector ?? '?'}): ${entry.status}, ${entry.durationMs} ms`);
  if (entry.email) item.append(`, ${entry.email}`);
  if (entry.replyValid === false) item.append(', the reply does not match the contract');
  const fields = Object.entries(entry.fields).map(([name, value]) => `${name}: ${fieldValue(value)}`);
  if (fields.length > 0)
    item.append(element('code', fields.join(', '), { display: 'block', fontSize: '12px', overflowWrap: 'anywhere' }));
  return item;
}

/** A button that shows and hides a panel, reading what it lists each time it opens. */
function panelToggle(label: string, panel: HTMLElement, onOpen: () => void, onClose?: () => void) {
  const toggle = element('button', label, buttonStyle);
  toggle.type = 'button';
  toggle.setAttribute('aria-controls', panel.id);
  toggle.setAttribute('aria-expanded', 'false');
  toggle.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) onOpen();
    else onClose?.();
  });
  return toggle;
}

/**
 * Puts the notice at the top of the page.
 * @param apiOrigin where the bank's developer endpoints are (the page's origin)
 * @param home where to go after starting over
 */
export function showDemoNotice(apiOrigin: string, home: string): HTMLElement {
  const notice = element('aside', undefined, {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4px 12px',
    padding: '4px 12px',
    fontSize: '14px',
    lineHeight: '1.5',
    color: COLORS.text,
    background: COLORS.background,
    borderBottom: `1px solid ${COLORS.border}`,
  });
  notice.setAttribute('aria-label', 'Demo mode');

  const text = element('p', undefined, { margin: '0' });
  text.append(element('strong', 'Demo mode:'), ' data stays in this browser.');

  const panel = element('section', undefined, { flexBasis: '100%' });
  panel.id = 'demo-messages';
  panel.hidden = true;
  panel.setAttribute('aria-label', 'Messages the bank sent');
  const list = element('ul', undefined, { margin: '0', paddingLeft: '20px' });
  const status = element('p', undefined, { margin: '0' });
  status.setAttribute('role', 'status');
  panel.append(status, list);

  const toggle = panelToggle('Messages', panel, () => {
    status.textContent = 'Loading…';
    list.replaceChildren();
    void fetch(`${apiOrigin}/__mock/outbox`)
      .then((response) => response.json() as Promise<OutboxMessage[]>)
      .then((messages) => {
        status.textContent = messages.length === 0 ? 'No messages yet.' : `The latest of ${messages.length}:`;
        list.replaceChildren(...messages.slice(0, SHOWN_MESSAGES).map(messageItem));
      })
      .catch(() => {
        status.textContent = 'The messages cannot be shown.';
      });
  });

  // The request journal: the calls the portal made, newest first, read again while the list is open.
  const calls = element('section', undefined, { flexBasis: '100%' });
  calls.id = 'demo-requests';
  calls.hidden = true;
  calls.setAttribute('aria-label', 'Requests the portal made');
  const callList = element('ol', undefined, { margin: '0', paddingLeft: '20px', maxHeight: '40vh', overflowY: 'auto' });
  const callStatus = element('p', undefined, { margin: '0' });
  const clearCalls = element('button', 'Clear', buttonStyle);
  clearCalls.type = 'button';
  calls.append(callStatus, callList, clearCalls);
  let seen = '';
  let timer: ReturnType<typeof setInterval> | undefined;
  const readCalls = () =>
    fetch(`${apiOrigin}/__mock/journal`)
      .then((response) => response.text())
      .then((text) => {
        if (text === seen) return;
        seen = text;
        const entries = JSON.parse(text) as JournalEntry[];
        callStatus.textContent =
          entries.length === 0 ? 'No requests yet.' : `The latest of ${entries.length} (secrets masked):`;
        callList.replaceChildren(...entries.slice(0, SHOWN_CALLS).map(callItem));
      })
      .catch(() => {
        seen = '';
        callStatus.textContent = 'The requests cannot be shown.';
      });
  clearCalls.addEventListener('click', () => {
    void fetch(`${apiOrigin}/__mock/journal`, { method: 'DELETE' }).finally(() => void readCalls());
  });
  const requests = panelToggle(
    'Requests',
    calls,
    () => {
      seen = '';
      callStatus.textContent = 'Loading…';
      callList.replaceChildren();
      void readCalls();
      timer = setInterval(() => void readCalls(), CALLS_REFRESH_MS);
    },
    () => clearInterval(timer),
  );

  const reset = element('button', 'Start over', buttonStyle);
  reset.type = 'button';
  reset.addEventListener('click', () => {
    reset.disabled = true;
    void fetch(`${apiOrigin}/__mock/reset`, { method: 'POST' }).finally(() => {
      window.location.assign(home);
    });
  });

  notice.append(text, toggle, requests, reset, panel, calls);
  document.body.prepend(notice);
  return notice;
}

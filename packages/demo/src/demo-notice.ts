/**
 * The demo's notice, a thin bar above the portal (it covers nothing): the data stays in this browser;
 * the messages the bank "sent" by e-mail (verification and transfer codes, reset links) can be read
 * here, since there is no mailbox; and the demo can start over from the seeded bank. (No label here
 * says "e-mail", so that the portal's own "E-mail" fields keep a label of their own.)
 */

interface OutboxMessage {
  readonly to: string;
  readonly subject: string;
  readonly code?: string;
  readonly link?: string;
  readonly createdAt: string;
}

const SHOWN_MESSAGES = 5;

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

  const toggle = element('button', 'Messages', buttonStyle);
  toggle.type = 'button';
  toggle.setAttribute('aria-controls', panel.id);
  toggle.setAttribute('aria-expanded', 'false');
  toggle.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (!open) return;
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

  const reset = element('button', 'Start over', buttonStyle);
  reset.type = 'button';
  reset.addEventListener('click', () => {
    reset.disabled = true;
    void fetch(`${apiOrigin}/__mock/reset`, { method: 'POST' }).finally(() => {
      window.location.assign(home);
    });
  });

  notice.append(text, toggle, reset, panel);
  document.body.prepend(notice);
  return notice;
}

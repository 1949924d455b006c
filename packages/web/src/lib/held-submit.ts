import { HELD_SUBMIT_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from '../start-template';

/**
 * A form sent on a prerendered page before the client had it (decision 0019): `boot.ts` holds the submit
 * back and notes the form's place among the page's forms on the root (HELD_SUBMIT_ATTRIBUTE). The form
 * sends itself again once React has it: its fields' refs call `sendHeldSubmit` (lib/form-state), which
 * runs once the form and its handler are on the page.
 */
export function sendHeldSubmit(field: HTMLElement) {
  const root = document.getElementById('root');
  const place = root?.getAttribute(HELD_SUBMIT_ATTRIBUTE) ?? null;
  if (!root || place === null || root.hasAttribute(PRERENDERED_ATTRIBUTE)) return;
  const form = field.closest('form');
  if (!form || root.querySelectorAll('form')[Number(place)] !== form) return;
  root.removeAttribute(HELD_SUBMIT_ATTRIBUTE);
  // After the commit that gave the field its ref, when React handles the form's events.
  // Whatever the handler does, the browser itself sends nothing.
  setTimeout(() => {
    if (!form.isConnected) return;
    form.addEventListener(
      'submit',
      (event) => {
        event.preventDefault();
      },
      { once: true },
    );
    form.requestSubmit();
  }, 0);
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { START_TEMPLATE_ID } from './start-template';

/** A prerendered page's head and root, as the build writes them (scripts/prerender-plugin.ts). */
function prerenderedPage() {
  const template = document.createElement('template');
  template.id = START_TEMPLATE_ID;
  template.innerHTML =
    '<link rel="modulepreload" crossorigin href="/wp-user/assets/core.js"><script type="module" crossorigin src="/wp-user/assets/index.js"></script>';
  document.head.append(template);
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.prerendered = '/account/login';
  root.innerHTML = '<form><input name="email"><button type="submit">Next</button></form>';
  document.body.append(root);
  return root;
}

const started = () => ({
  scripts: Array.from(document.head.querySelectorAll('script')).map((script) => script.getAttribute('src')),
  preloads: Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map((link) =>
    link.getAttribute('href'),
  ),
});

describe('boot (the start of a prerendered page)', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById('root')?.remove();
    document.getElementById(START_TEMPLATE_ID)?.remove();
    for (const element of Array.from(document.head.querySelectorAll('script, link[rel="modulepreload"]'))) {
      element.remove();
    }
    vi.resetModules();
  });

  it('puts the held scripts and preloads into the head after the first frame, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    prerenderedPage();
    await import('./boot');
    expect(started()).toEqual({ scripts: [], preloads: [] });
    // A frame, then a task.
    vi.advanceTimersByTime(20);
    const after = started();
    expect(after).toEqual({ scripts: ['/wp-user/assets/index.js'], preloads: ['/wp-user/assets/core.js'] });
    // Made by script, so the browser runs and fetches them; the template is gone.
    expect(document.head.querySelector('script')?.type).toBe('module');
    expect(document.getElementById(START_TEMPLATE_ID)).toBeNull();
    // The fallback timer (a tab in the background draws no frames) adds nothing more.
    vi.advanceTimersByTime(1000);
    expect(started()).toEqual(after);
  });

  it('starts after a second in a tab that draws no frames', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    prerenderedPage();
    await import('./boot');
    vi.advanceTimersByTime(1000);
    expect(started().scripts).toEqual(['/wp-user/assets/index.js']);
  });

  it("holds back a form's submit until the client has the page", async () => {
    const root = prerenderedPage();
    await import('./boot');
    const form = root.querySelector('form');
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form?.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    // Noted for the client, which sends it again once it has the page.
    expect(root.dataset.heldSubmit).toBe('0');
    delete root.dataset.prerendered;
    delete root.dataset.heldSubmit;
    expect(submit()).toBe(false);
    expect(root.dataset.heldSubmit).toBeUndefined();
  });
});

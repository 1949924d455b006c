import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBank } from '@/test/fake-bank';
import { renderApp } from '@/test/render-app';

const busy = (search: string) => `/wp-user/busy?${search}`;

describe('the busy page (the mock server has no bank of their own to give a visitor)', () => {
  it('says every demo bank is in use, for how long one must be left to be freed, and offers the page again', async () => {
    const bank = installFakeBank();
    renderApp(busy('reason=full&from=%2Fwp-user%2Fdashboard%3Ftab%3D1&minutes=60'));
    expect(await screen.findByRole('heading', { level: 1, name: 'The demo is busy' })).toBeInTheDocument();
    expect(screen.getByText(/Every demo bank on this server is in use right now/u)).toHaveTextContent(
      "away for 60 minutes, or when the demo's staff remove it: please try again later.",
    );
    // A real link, for a full page load: the server gives a bank when a page loads.
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/wp-user/dashboard?tab=1');
    expect(bank.calls).toHaveLength(0);
  });

  it('says when this address holds its share of demo banks', async () => {
    installFakeBank();
    renderApp(busy('reason=address&from=%2Fwp-user%2F&minutes=1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Too many demo banks from here' })).toBeInTheDocument();
    expect(screen.getByText(/already holds as many demo banks as one may/u)).toHaveTextContent('unused for 1 minute.');
  });

  it('offers a sandbox link followed again', async () => {
    installFakeBank();
    renderApp(busy(`reason=full&from=${encodeURIComponent('/__mock/sandboxes/acme-1/open')}&minutes=60`));
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/__mock/sandboxes/acme-1/open',
    );
  });

  it('never links anywhere but the portal, whatever the address says', async () => {
    installFakeBank();
    const others = [
      'https://evil.test/wp-user/',
      '//evil.test/wp-user/',
      '/elsewhere',
      '/wp-user\\..\\x',
      '/__mock/sandboxes/UP/open',
      '/__mock/sandboxes/a/open/../../reset',
      '/__mock/reset',
    ];
    for (const from of others) {
      const view = renderApp(busy(`from=${encodeURIComponent(from)}&minutes=-5`));
      expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/wp-user/');
      expect(screen.getByText(/has been away for a while/u)).toBeInTheDocument();
      view.unmount();
    }
  });
});

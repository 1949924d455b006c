import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import { contact, installDashboardBank } from '@/test/dashboard-data';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  session.signIn('user-token');
});

describe('Help & Support', () => {
  it('links to WhatsApp, e-mail and phone', async () => {
    installDashboardBank();
    renderApp('/wp-user/dashboard/contact');
    const whatsapp = await screen.findByRole('link', { name: /WhatsApp/u });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/15550102030');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /E-mail/u })).toHaveAttribute('href', 'mailto:support@bank.test');
    expect(screen.getByRole('link', { name: /Phone/u })).toHaveAttribute('href', 'tel:+15550102040');
  });

  it('shows each contact only when the bank gives it', async () => {
    installDashboardBank({ getContact: () => contact({ whatsapp: null, email: '  ', phone: '+44 20 7946 0958' }) });
    renderApp('/wp-user/dashboard/contact');
    expect(await screen.findByRole('link', { name: /Phone/u })).toHaveAttribute('href', 'tel:+442079460958');
    expect(screen.queryByRole('link', { name: /WhatsApp/u })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /E-mail/u })).not.toBeInTheDocument();
  });

  it('says so when the bank gives none', async () => {
    installDashboardBank({ getContact: () => contact({ whatsapp: null, email: null, phone: null }) });
    renderApp('/wp-user/dashboard/contact');
    expect(await screen.findByText('No contact details yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /WhatsApp|E-mail|Phone/u })).not.toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';
import { Toaster } from './toast';

describe('the copy button', () => {
  it("puts the value on the clipboard and says 'Copied to clipboard'", async () => {
    const user = userEvent.setup();
    render(
      <>
        <CopyButton value="0123456789" aria-label="Copy account number" />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('0123456789');
    const region = await screen.findByRole('region', { name: /notifications/iu });
    expect(await within(region).findByText('Copied to clipboard')).toBeInTheDocument();
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(
      <>
        <CopyButton value="x">Copy</CopyButton>
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const region = await screen.findByRole('region', { name: /notifications/iu });
    expect(await within(region).findByText('Could not copy to the clipboard')).toBeInTheDocument();
    expect(within(region).queryByText('Copied to clipboard')).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, emailParts } from './email-address';

describe('EmailAddress', () => {
  it('cuts an address after its @ and after each dot', () => {
    expect(emailParts('nina.lee@example.com')).toEqual(['nina.', 'lee@', 'example.', 'com']);
    expect(emailParts('plain')).toEqual(['plain']);
  });

  it('offers a line break only at those places, and reads as the address', () => {
    const { container } = render(
      <p>
        Sent to <EmailAddress address="nina.lee@example.com" className="font-medium" />
      </p>,
    );
    const address = container.querySelector('[data-slot=email-address]');
    expect(address).toHaveTextContent(/^nina\.lee@example\.com$/u);
    expect(address).toHaveClass('font-medium', 'break-words');
    expect(address?.innerHTML).toBe('nina.<wbr>lee@<wbr>example.<wbr>com');
    expect(screen.getByText(/Sent to/u)).toHaveTextContent('Sent to nina.lee@example.com');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input';

function Harness({
  numeric,
  masked,
  onValue,
}: {
  numeric?: boolean;
  masked?: boolean;
  onValue?: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <OtpInput
      length={6}
      value={value}
      numeric={numeric ?? true}
      masked={masked ?? false}
      aria-label="Verification code"
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

/** The one input that takes the code (a masked one is a password input, which has no role). */
const input = () => screen.getByLabelText<HTMLInputElement>('Verification code', { selector: 'input' });
/** What the boxes show, one character each. */
const boxes = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('[data-slot="otp-slot"]')).map((box) => box.textContent);

describe('the one-time-code input', () => {
  it('is a labelled group of one box per character around one labelled input', () => {
    const { container } = render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBe(input());
    expect(input()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input()).toHaveAttribute('inputmode', 'numeric');
    expect(input()).toHaveAttribute('maxlength', '6');
    expect(boxes(container)).toEqual(['', '', '', '', '', '']);
  });

  it('takes one digit per box as digits are typed', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const { container } = render(<Harness onValue={onValue} />);
    await user.click(input());
    await user.keyboard('4821');
    expect(input()).toHaveValue('4821');
    expect(boxes(container)).toEqual(['4', '8', '2', '1', '', '']);
    expect(onValue).toHaveBeenLastCalledWith('4821');
    await user.keyboard('5678');
    expect(input()).toHaveValue('482156');
  });

  it('ignores anything but digits when numeric', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(input());
    await user.keyboard('a1-b 2x');
    expect(input()).toHaveValue('12');
  });

  it('takes letters too when not numeric', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness numeric={false} />);
    expect(input()).toHaveAttribute('inputmode', 'text');
    await user.click(input());
    await user.keyboard('aB3-');
    expect(boxes(container)).toEqual(['a', 'B', '3', '', '', '']);
  });

  it('fills every box from one paste, keeping digits only', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const { container } = render(<Harness onValue={onValue} />);
    await user.click(input());
    await user.paste('12 34-56');
    expect(boxes(container)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onValue).toHaveBeenLastCalledWith('123456');
  });

  it('puts a part of a code in where the caret is, and a whole code over what was there', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(input());
    await user.keyboard('9');
    await user.paste('8-7');
    expect(input()).toHaveValue('987');
    await user.paste('654321');
    expect(input()).toHaveValue('654321');
  });

  it('clears the last digit with Backspace, and a selected digit is typed over', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(input());
    await user.keyboard('123');
    await user.keyboard('{Backspace}');
    expect(input()).toHaveValue('12');
    input().setSelectionRange(0, 1);
    await user.keyboard('7');
    expect(input()).toHaveValue('72');
  });

  it('masks the characters for a passcode', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness masked />);
    expect(input()).toHaveAttribute('type', 'password');
    await user.click(input());
    await user.keyboard('12');
    expect(input()).toHaveValue('12');
    expect(boxes(container)).toEqual(['•', '•', '', '', '', '']);
  });
});

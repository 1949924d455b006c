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

const boxes = () => screen.getAllByRole<HTMLInputElement>('textbox');
const values = () => boxes().map((box) => box.value);

describe('the one-time-code input', () => {
  it('is a labelled group of one box per character, each box saying which digit it is', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    boxes().forEach((box, index) => {
      expect(box).toHaveAccessibleName(`Digit ${index + 1} of 6`);
      expect(box).toHaveAttribute('autocomplete', 'one-time-code');
      expect(box).toHaveAttribute('inputmode', 'numeric');
    });
    expect(screen.getByLabelText('Digit 2 of 6')).toBe(boxes()[1]);
  });

  it('takes one digit per box and moves on as digits are typed', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('4821');
    expect(values()).toEqual(['4', '8', '2', '1', '', '']);
    expect(screen.getByLabelText('Digit 5 of 6')).toHaveFocus();
    expect(onValue).toHaveBeenLastCalledWith('4821');
  });

  it('ignores anything but digits when numeric', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('a1-b 2x');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
  });

  it('takes letters too when not numeric', async () => {
    const user = userEvent.setup();
    render(<Harness numeric={false} />);
    expect(boxes()[0]).toHaveAttribute('inputmode', 'text');
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('aB3');
    expect(values()).toEqual(['a', 'B', '3', '', '', '']);
  });

  it('fills every box from one paste, keeping digits only', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('12 34-56');
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onValue).toHaveBeenLastCalledWith('123456');
    expect(screen.getByLabelText('Digit 6 of 6')).toHaveFocus();
  });

  it('fills every box even when the paste lands in a later box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('9');
    await user.click(screen.getByLabelText('Digit 2 of 6'));
    await user.paste('654321');
    expect(values()).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('clears and moves back with Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('123');
    expect(screen.getByLabelText('Digit 4 of 6')).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(screen.getByLabelText('Digit 3 of 6')).toHaveFocus();
    await user.keyboard('{Backspace}{Backspace}');
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveFocus();
  });

  it('replaces a digit typed over and sends focus to the first empty box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('12');
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('7');
    expect(values()).toEqual(['7', '2', '', '', '', '']);
    await user.click(screen.getByLabelText('Digit 6 of 6'));
    expect(screen.getByLabelText('Digit 3 of 6')).toHaveFocus();
  });

  it('masks the characters for a passcode', () => {
    render(<Harness masked />);
    for (const box of screen.getAllByLabelText(/^Digit \d of 6$/u)) expect(box).toHaveAttribute('type', 'password');
  });
});

import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@ebank/contract/errors';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { Button } from './button';
import { Form, useFormSubmit } from './form';
import { CheckboxField, SecretDigitsField, TextField } from './form-fields';
import { OtpField } from './otp-field';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  pin: z.string().check(z.regex(/^\d{4}$/u, 'The PIN has 4 digits')),
  code: z.string().check(z.regex(/^\d{4}$/u, 'Enter the 4-digit code')),
  agree: z.boolean().check(z.refine((value) => value, 'Please agree')),
});

type Output = z.output<typeof schema>;

function Example({ onValid }: { onValid: (values: Output) => unknown }) {
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '', pin: '', code: '', agree: false },
  });
  const submit = useFormSubmit(form, onValid);
  return (
    <Form {...form}>
      <form noValidate onSubmit={submit.onSubmit}>
        <TextField control={form.control} name="name" label="Name" description="As on your ID." />
        <SecretDigitsField control={form.control} name="pin" label="PIN" length={4} />
        <OtpField control={form.control} name="code" label="Code" length={4} />
        <CheckboxField control={form.control} name="agree" label="I agree" />
        <Button type="submit" pending={submit.pending}>
          Send
        </Button>
      </form>
    </Form>
  );
}

const oneFieldSchema = z.object({ name: z.string().check(z.trim(), z.minLength(1, 'Name is required')) });

/** A form of one field whose handler sends one request and waits for the answer, as every form's does. */
function OneField({ onValid }: { onValid: (values: { name: string }) => Promise<unknown> }) {
  const form = useForm({ resolver: zodResolver(oneFieldSchema), defaultValues: { name: 'Ada' } });
  const submit = useFormSubmit(form, onValid);
  return (
    <Form {...form}>
      <form noValidate aria-label="One field" onSubmit={submit.onSubmit}>
        <TextField control={form.control} name="name" label="Name" />
        <Button type="submit" pending={submit.pending}>
          Send
        </Button>
      </form>
    </Form>
  );
}

/** A request that stays in flight until the test answers it. */
function requests() {
  const answers: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const request = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        answers.push({ resolve, reject });
      }),
  );
  return { request, answers };
}

const send = () => screen.getByRole('button', { name: 'Send' });
const codeInput = () => screen.getByRole('textbox', { name: 'Code' });

describe('the form kit', () => {
  it('labels every field and links its description', () => {
    render(<Example onValid={vi.fn()} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(name).toHaveAccessibleDescription('As on your ID.');
    expect(screen.getByRole('group', { name: 'Code' })).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('maxlength', '4');
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toBeInTheDocument();
  });

  it('marks invalid fields, describes them by their error text and focuses the first one', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Example onValid={onValid} />);
    await user.click(send());
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => {
      expect(name).toHaveFocus();
    });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('As on your ID. Name is required');
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Code' })).toHaveAccessibleDescription('Enter the 4-digit code');
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription('Please agree');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(name, 'Ada');
    await user.click(send());
    await waitFor(() => {
      expect(screen.getByLabelText('PIN')).toHaveFocus();
    });
  });

  it('validates on submit first, then again on every change, field by field', async () => {
    const user = userEvent.setup();
    render(<Example onValid={vi.fn()} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'A');
    await user.clear(name);
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    await user.click(send());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Ada');
    await waitFor(() => {
      expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    });
    // The other fields keep their errors until they change.
    expect(screen.getByText('Enter the 4-digit code')).toBeInTheDocument();
    await user.clear(name);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });

  it("keeps only the digits of a secret, at most its length, and hands the schema's output over", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onValid = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<Example onValid={onValid} />);
    const pin = screen.getByLabelText('PIN');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await user.type(pin, '1a2-3 45');
    expect(pin).toHaveValue('1234');
    await user.clear(pin);
    await user.click(pin);
    await user.paste('9 8-7x6');
    expect(pin).toHaveValue('9876');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Ada ');
    await user.click(codeInput());
    await user.keyboard('1234');
    await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await user.click(send());
    await waitFor(() => {
      expect(onValid).toHaveBeenCalledWith({ name: 'Ada', pin: '9876', code: '1234', agree: true }, expect.anything());
    });
    // Sending: the button stays off until the handler is done.
    expect(send()).toBeDisabled();
    finish();
    await waitFor(() => {
      expect(send()).toBeEnabled();
    });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('sending a form', () => {
  const oneForm = () => screen.getByRole('form', { name: 'One field' });

  it('sends once for two submits in the same moment, before any render', async () => {
    const { request, answers } = requests();
    render(<OneField onValid={request} />);
    // Two submits with nothing in between, as a double click with no gap fires them.
    fireEvent.submit(oneForm());
    fireEvent.submit(oneForm());
    await waitFor(() => {
      expect(request).toHaveBeenCalledTimes(1);
    });
    fireEvent.submit(oneForm());
    await act(async () => {
      await Promise.resolve();
    });
    expect(request).toHaveBeenCalledTimes(1);
    act(() => {
      answers[0]?.resolve();
    });
    await waitFor(() => {
      expect(send()).toBeEnabled();
    });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('sends once for a double click, keeps the button off while the request runs, and sends again after', async () => {
    const user = userEvent.setup();
    const { request, answers } = requests();
    render(<OneField onValid={request} />);
    await user.dblClick(send());
    await waitFor(() => {
      expect(request).toHaveBeenCalledTimes(1);
    });
    expect(send()).toBeDisabled();
    expect(send()).toHaveAttribute('aria-busy', 'true');
    await user.dblClick(send());
    expect(request).toHaveBeenCalledTimes(1);

    act(() => {
      answers[0]?.resolve();
    });
    await waitFor(() => {
      expect(send()).toBeEnabled();
    });
    await user.click(send());
    await waitFor(() => {
      expect(request).toHaveBeenCalledTimes(2);
    });
  });

  it('sends once for Enter pressed twice in a field', async () => {
    const user = userEvent.setup();
    const { request } = requests();
    render(<OneField onValid={request} />);
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Enter}{Enter}');
    await waitFor(() => {
      expect(request).toHaveBeenCalledTimes(1);
    });
    await user.keyboard('{Enter}');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('lets the form be sent again after a refused call, whose toast the query client shows', async () => {
    const user = userEvent.setup();
    const { request, answers } = requests();
    render(<OneField onValid={request} />);
    await user.click(send());
    act(() => {
      answers[0]?.reject(new ApiError('http', 'Wrong PIN', 'confirmPin', { status: 400 }));
    });
    await waitFor(() => {
      expect(send()).toBeEnabled();
    });
    await user.click(send());
    await waitFor(() => {
      expect(request).toHaveBeenCalledTimes(2);
    });
  });

  it('lets the form be sent again once the entry is corrected', async () => {
    const user = userEvent.setup();
    const { request } = requests();
    render(<OneField onValid={request} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.dblClick(send());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    await user.type(name, 'Ada');
    await user.click(send());
    await waitFor(() => {
      expect(request).toHaveBeenCalledTimes(1);
    });
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useForm } from '@/lib/form-state';
import { schemaResolver } from '@/lib/schema-resolver';
import { Button } from './button';
import { Form } from './form';
import { CheckboxField, TextField } from './form-fields';
import { OtpField } from './otp-field';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  code: z.string().regex(/^\d{4}$/u, 'Enter the 4-digit code'),
  agree: z.boolean().refine((value) => value, 'Please agree'),
});

function Example({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useForm({ resolver: schemaResolver(schema), defaultValues: { name: '', code: '', agree: false } });
  const onSubmit = form.handleSubmit(onValid);
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField control={form.control} name="name" label="Name" description="As on your ID." />
        <OtpField control={form.control} name="code" label="Code" length={4} />
        <CheckboxField control={form.control} name="agree" label="I agree" />
        <Button type="submit">Send</Button>
      </form>
    </Form>
  );
}

describe('the form kit', () => {
  it('labels every field and links its description', () => {
    render(<Example onValid={vi.fn()} />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(name).toHaveAccessibleDescription('As on your ID.');
    expect(screen.getByRole('group', { name: 'Code' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toBeInTheDocument();
  });

  it('marks invalid fields and describes them by their error text', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Example onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('As on your ID. Name is required');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Digit 1 of 4')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Code' })).toHaveAccessibleDescription('Enter the 4-digit code');
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription('Please agree');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(name, 'Ada');
    await user.click(screen.getByLabelText('Digit 1 of 4'));
    await user.keyboard('1234');
    await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', code: '1234', agree: true });
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });
});

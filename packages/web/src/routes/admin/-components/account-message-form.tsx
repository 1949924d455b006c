/**
 * The form that sets a customer's account message: a heading and a message, read with the staff
 * contract's schema (with the screen's own words for what is missing).
 */
import { AccountMessageSchema, type AccountMessage } from '@ebank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { withoutFieldNames } from './admin-resolver';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';

const { head, body } = AccountMessageSchema.shape;

const accountMessageForm = z.object({
  head: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Enter a heading')), head),
  body: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Enter the message')), body),
});
const resolver = withoutFieldNames(zodResolver(accountMessageForm));

export function AccountMessageForm({
  initial,
  onSubmit,
}: {
  initial: AccountMessage | null;
  /** Sends the message; the form is held until it resolves. */
  onSubmit: (message: AccountMessage) => Promise<unknown>;
}) {
  const form = useForm({ resolver, defaultValues: { head: initial?.head ?? '', body: initial?.body ?? '' } });
  const submit = useFormSubmit(form, async (message) => {
    await onSubmit(message);
  });
  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={submit.onSubmit}>
        <TextField control={form.control} name="head" label="Heading" autoComplete="off" />
        <TextField
          control={form.control}
          name="body"
          label="Message"
          multiline
          description="Shown to the customer at login instead of the dashboard."
        />
        <Button type="submit" pending={submit.pending} className="justify-self-start">
          Set message
        </Button>
      </form>
    </Form>
  );
}

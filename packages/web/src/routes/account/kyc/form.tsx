import { isApiError } from '@ebank/contract/errors';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, linkOptions, redirect } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import LogOut from 'lucide-react/icons/log-out';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';
import { FileField } from '@/components/ui/file-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/dashboard';
import { imageRefusal } from '@/api/error-message';
import { documentTypesQuery } from '@/api/queries';
import { session } from '@/session/session';
import { useLogout } from '@/session/use-logout';
import { RedirectNotice, useDelayedRedirect } from '@/components/redirect-notice';
import { LeaveGuard } from '@/components/leave-guard';
import { AccountCard } from '../-components/account-card';
import { countryOptions, DEFAULT_DOCUMENT_TYPE, emptyForm, kycSchema } from './-kyc-form';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/account/kyc/form')({
  head: titled('Identity verification'),
  // The submission opens only with the temporary token a login or an e-mail verification gives.
  beforeLoad: () => {
    if (session.tempToken() === undefined) throw redirect({ to: '/account/login', replace: true });
  },
  // The bank's document types; without them the form still offers the default one.
  loader: ({ context: { queryClient } }) =>
    queryClient.query({ ...documentTypesQuery, staleTime: 'static' }).catch((error: unknown) => {
      if (!isApiError(error)) throw error;
    }),
  component: KycFormPage,
});

function KycFormPage() {
  const logout = useLogout();
  const { redirectAfterDelay, waiting, notice } = useDelayedRedirect();
  const documentTypes = useQuery(documentTypesQuery);
  const form = useForm({ resolver: zodResolver(kycSchema), defaultValues: emptyForm });
  const verification = useMutation({
    ...mutationOptionsFor('submitVerification'),
    meta: { errorMessage: 'Something went wrong!' },
  });
  const declined = session.accountVerification() === 'Declined';
  const { isDirty } = form.formState;

  const docNames = [
    DEFAULT_DOCUMENT_TYPE,
    ...(documentTypes.data?.docs ?? []).map((doc) => doc.doc_name).filter((name) => name !== DEFAULT_DOCUMENT_TYPE),
  ];

  const submit = useFormSubmit(form, async (values) => {
    const reply = await verification.mutateAsync(values).catch((error: unknown) => {
      // A picture the bank refused: its field says why (the toast says it too).
      const refused = imageRefusal(error);
      if (refused !== undefined)
        for (const field of refused.fields)
          if (field === 'pic' || field === 'idcardFront' || field === 'idcardBack')
            form.setError(field, { message: refused.message }, { shouldFocus: true });
      throw error;
    });
    session.clearTempToken();
    session.setAccountVerification('Pending Verification');
    session.setClosed(false);
    toast.success(reply.message ?? 'Action Successful');
    redirectAfterDelay({
      message: 'Taking you to your review status…',
      to: linkOptions({ to: '/account/kyc/under-review' }),
    });
  });

  return (
    <AccountCard
      title="Identity verification"
      description="Tell us who you are and show us an identity document. We review it within two working days."
    >
      {declined && (
        <p
          role="alert"
          className="mb-5 flex gap-3 rounded-lg border border-warning/40 bg-warning-soft px-4 py-3 text-sm font-medium"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          Your previous verification was declined. Please check your details and documents and submit them again.
        </p>
      )}
      {/* Typed and not sent, while the temporary token that could send it lasts (a sign-out always leaves). */}
      <LeaveGuard guards={() => isDirty && !waiting && session.tempToken() !== undefined} />
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
          <SelectField
            control={form.control}
            name="country"
            label="Country"
            placeholder="Select your country"
            options={countryOptions}
          />
          <TextField
            control={form.control}
            name="phone"
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
          />
          <TextField
            control={form.control}
            name="home_address"
            label="Home address"
            autoComplete="street-address"
            multiline
          />
          <FileField
            control={form.control}
            name="pic"
            label="Your picture"
            description="A recent photo of your face."
          />
          <SelectField
            control={form.control}
            name="type"
            label="Document type"
            options={docNames.map((name) => ({ value: name, label: name }))}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FileField control={form.control} name="idcardFront" label="Document front" />
            <FileField control={form.control} name="idcardBack" label="Document back" />
          </div>
          <Button type="submit" size="lg" pending={submit.pending} disabled={waiting}>
            Submit for review
          </Button>
          <RedirectNotice notice={notice} />
        </form>
      </Form>
      <div className="mt-4 flex flex-wrap justify-between gap-2">
        <Button asChild variant="ghost">
          <Link to="/account/kyc">
            <ArrowLeft aria-hidden="true" />
            Back
          </Link>
        </Button>
        <Button variant="ghost" onClick={logout} disabled={waiting}>
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </div>
    </AccountCard>
  );
}

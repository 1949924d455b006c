import type { OperationReply, Operations } from '@ebank/contract';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/dashboard';
import { countryNames } from '@/forms/countries';
import { DATE_HINT, formatDate } from '@/lib/format';
import { PageHeader, PageSkeleton } from './-components/page';
import { ProfilePicture } from './-components/profile-picture';
import { profileQuery } from '@/api/queries';
import { invalidate } from './-components/cache-updates';
import { countryOptions, profileSchema, type ProfileFormInput } from './-components/profile-form';
import { EmailAddress } from '@/components/email-address';
import { LeaveGuard } from '@/components/leave-guard';
import { session } from '@/session/session';
import { titled } from '@/lib/page-title';

const TITLE = 'Profile';

export const Route = createFileRoute('/dashboard/profile')({
  head: titled(TITLE),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...profileQuery, staleTime: 'static' }),
  pendingComponent: () => <PageSkeleton title={TITLE} />,
  component: ProfilePage,
});

type Profile = OperationReply<Operations['getProfile']>['data'];

const GENDERS = ['Female', 'Male', 'Other', 'Prefer not to say'];
const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed', 'Separated'];

/** The choices, plus the saved value when the bank has one the list does not. */
const optionsWith = (choices: readonly string[], saved: string | undefined): SelectOption[] =>
  [...choices, ...(saved !== undefined && saved !== '' && !choices.includes(saved) ? [saved] : [])].map((value) => ({
    value,
    label: value,
  }));

/** A date of birth as the field shows it, as the portal writes every day (23/4/1990), or blank. */
function dateValue(value: string | undefined) {
  if (value === undefined) return '';
  if (/^\d{4}-\d{2}-\d{2}/u.test(value)) return formatDate(value.slice(0, 10));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date.toISOString().slice(0, 10));
}

const formValues = (profile: Profile): ProfileFormInput => ({
  fullname: profile.fullname ?? '',
  phone: profile.phone ?? '',
  gender: profile.gender ?? '',
  dob: dateValue(profile.dob),
  country: profile.country ?? '',
  marital_status: profile.marital_status ?? '',
  home_address: profile.home_address ?? '',
  next_of_kin: profile.next_of_kin ?? '',
});

function ProfilePage() {
  const { data } = useSuspenseQuery(profileQuery);
  const profile = data.data;
  const name = profile.fullname ?? profile.username ?? '';
  const accountNumber = data.it.account_no;
  return (
    <div className="grid gap-6">
      <PageHeader title={TITLE} description="Your picture and your personal details." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="h-fit">
          <CardContent className="grid gap-6">
            <ProfilePicture name={name} picture={profile.picture} />
            <dl className="grid gap-4 border-t pt-6 text-sm">
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Username</dt>
                <dd className="font-medium break-all">{profile.username ?? 'n/a'}</dd>
              </div>
              {profile.email !== undefined && (
                <div className="grid gap-1">
                  <dt className="text-muted-foreground">E-mail</dt>
                  <dd className="font-medium">
                    <EmailAddress address={profile.email} />
                  </dd>
                </div>
              )}
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Account number</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-medium tracking-wider">{accountNumber ?? 'n/a'}</span>
                  {accountNumber !== undefined && (
                    <CopyButton
                      value={accountNumber}
                      aria-label="Copy account number"
                      className="min-h-8 px-2.5 py-1"
                    />
                  )}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <DetailsForm profile={profile} />
      </div>
    </div>
  );
}

function DetailsForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(profileSchema), defaultValues: formValues(profile) });
  const update = useMutation({
    ...mutationOptionsFor('updateProfile'),
    meta: { errorMessage: 'Something went wrong!', flow: 'profile' },
  });

  const submit = useFormSubmit(form, async (values) => {
    const reply = await update.mutateAsync(values);
    // Its success takes the form's earlier error toasts away.
    toast.success(reply.message ?? 'Action Successful', { description: 'Profile updated', flow: 'profile' });
    // What was sent is the form's new starting point: nothing is left to lose by leaving.
    form.reset(form.getValues());
    void invalidate(queryClient, 'getProfile', 'getInstitution');
  });
  const { isDirty } = form.formState;

  const countries =
    profile.country !== undefined && profile.country !== '' && !countryNames.includes(profile.country)
      ? [...countryOptions, { value: profile.country, label: profile.country }]
      : countryOptions;

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Personal details</h2>
        <CardDescription>Keep them up to date: we use them to verify it is you.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Changed and not saved, while the session that could save it lasts (a sign-out always leaves). */}
        <LeaveGuard guards={() => isDirty && session.token() !== undefined} />
        <Form {...form}>
          <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
            <TextField control={form.control} name="fullname" label="Full name" autoComplete="name" />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="phone"
                label="Phone number"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
              />
              <SelectField
                control={form.control}
                name="gender"
                label="Gender"
                placeholder="Select .."
                options={optionsWith(GENDERS, profile.gender)}
              />
              <TextField
                control={form.control}
                name="dob"
                label="Date of birth"
                // Not the browser's date field, which writes the day in the browser's order (11/26/2026 in
                // some): the portal's one style, said under it.
                inputMode="numeric"
                placeholder="dd/mm/yyyy"
                description={DATE_HINT}
                autoComplete="bday"
              />
              <SelectField
                control={form.control}
                name="marital_status"
                label="Marital status"
                placeholder="Select .."
                options={optionsWith(MARITAL_STATUSES, profile.marital_status)}
              />
            </div>
            <SelectField
              control={form.control}
              name="country"
              label="Country"
              placeholder="Select your country"
              options={countries}
            />
            <TextField
              control={form.control}
              name="home_address"
              label="Home address"
              autoComplete="street-address"
              multiline
            />
            <TextField control={form.control} name="next_of_kin" label="Next of kin" />
            <Button type="submit" className="sm:justify-self-start" pending={submit.pending}>
              Save changes
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

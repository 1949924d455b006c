/**
 * The seeded personas with what each one signs in with, read from the seed itself (the bank in the page
 * is seeded from the same list, so the two cannot drift apart).
 */
import { EmailAddress } from '@ebank/web/src/components/email-address';
import { textLinkClass } from '@ebank/web/src/components/ui/text-link';
import { DEMO_PASSCODE, DEMO_PIN, PERSONAS } from '@ebank/mock-server/src/bank/seed';
import { ButtonDialog } from '@ebank/web/src/components/button-dialog';

type Persona = (typeof PERSONAS)[number];

/** What sets a persona apart, in a few words. */
export function personaTraits(persona: Persona): string[] {
  if (persona.role === 'admin') return ['staff, for the admin area'];
  const traits: string[] = [];
  if (persona.verified === false) traits.push('address not confirmed yet (the code is under Messages)');
  if (persona.kyc !== undefined) traits.push(`KYC ${persona.kyc}`);
  if (persona.pin !== true) traits.push('no transaction PIN yet');
  if (persona.notice !== undefined) traits.push(`an account message: ${persona.notice.head}`);
  return traits.length > 0 ? traits : ['verified, ready to bank'];
}

function PersonaItem({ persona, adminArea }: { readonly persona: Persona; readonly adminArea: string }) {
  const admin = persona.role === 'admin';
  return (
    <li className="grid gap-1 rounded-lg border p-3">
      <p className="font-medium">
        <EmailAddress address={persona.email} />
      </p>
      <p className="text-muted-foreground">
        {persona.first} {persona.last}: {personaTraits(persona).join(', ')}
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1">
        <div className="flex gap-1.5">
          <dt>{admin ? 'Password' : 'Passcode'}</dt>
          <dd className="font-mono font-semibold">{persona.password ?? DEMO_PASSCODE}</dd>
        </div>
        {persona.pin === true && (
          <div className="flex gap-1.5">
            <dt>PIN</dt>
            <dd className="font-mono font-semibold">{DEMO_PIN}</dd>
          </div>
        )}
      </dl>
      {admin && (
        <p>
          Sign in on the portal&apos;s login, then open the{' '}
          <a className={textLinkClass} href={adminArea}>
            admin area
          </a>
          .
        </p>
      )}
    </li>
  );
}

export function PersonasDialog({ adminArea }: { readonly adminArea: string }) {
  return (
    <ButtonDialog
      button="Personas"
      title="Personas"
      description="The demo bank's customers and staff. Sign in with any of them on the portal's login."
      className="sm:max-w-2xl"
    >
      <ul className="grid gap-2 text-sm sm:grid-cols-2">
        {PERSONAS.map((persona) => (
          <PersonaItem key={persona.email} persona={persona} adminArea={adminArea} />
        ))}
      </ul>
    </ButtonDialog>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Mail from 'lucide-react/icons/mail';
import MessageCircle from 'lucide-react/icons/message-circle';
import Phone from 'lucide-react/icons/phone';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState, PageHeader, PageSkeleton } from './-components/page';
import { contactQuery } from '@/api/queries';
import { titled } from '@/lib/page-title';

const TITLE = 'Help & Support';

export const Route = createFileRoute('/dashboard/contact')({
  head: titled(TITLE),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...contactQuery, staleTime: 'static' }),
  pendingComponent: () => <PageSkeleton title={TITLE} blocks={2} />,
  component: ContactPage,
});

interface Channel {
  readonly label: string;
  readonly value: string;
  readonly href: string;
  readonly icon: LucideIcon;
  readonly external: boolean;
}

const given = (value: string | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
};

/** WhatsApp, e-mail and phone, each only when the bank gives it, as working links. */
function channels(contact: { whatsapp?: string | undefined; email?: string | undefined; phone?: string | undefined }) {
  const list: Channel[] = [];
  const whatsapp = given(contact.whatsapp);
  const whatsappDigits = whatsapp?.replace(/\D/gu, '') ?? '';
  if (whatsapp !== undefined && whatsappDigits !== '')
    list.push({
      label: 'WhatsApp',
      value: whatsapp,
      href: `https://wa.me/${whatsappDigits}`,
      icon: MessageCircle,
      external: true,
    });
  const email = given(contact.email);
  if (email !== undefined)
    list.push({ label: 'E-mail', value: email, href: `mailto:${email}`, icon: Mail, external: false });
  const phone = given(contact.phone);
  const dial = phone?.replace(/[^\d+]/gu, '') ?? '';
  if (phone !== undefined && dial !== '')
    list.push({ label: 'Phone', value: phone, href: `tel:${dial}`, icon: Phone, external: false });
  return list;
}

function ContactPage() {
  const { data } = useSuspenseQuery(contactQuery);
  const list = channels(data.ct);
  return (
    <div className="grid gap-6">
      <PageHeader title={TITLE} description="Questions about your account? Our support team is here to help." />
      {list.length === 0 ? (
        <Card>
          <EmptyState icon={<LifeBuoy />} title="No contact details yet">
            Support contact details are not available right now. Please try again later.
          </EmptyState>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map(({ label, value, href, icon: Icon, external }) => (
            <li key={label}>
              <a
                href={href}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className="flex h-full items-center gap-4 rounded-xl border bg-card p-5 shadow-card transition-colors outline-none hover:border-primary/40 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40"
              >
                <span
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary"
                >
                  <Icon className="size-5" />
                </span>
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-semibold">{label}</span>
                  <span className="truncate text-sm text-muted-foreground">{value}</span>
                  {external && <span className="sr-only">(opens in a new tab)</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import Camera from 'lucide-react/icons/camera';
import FileText from 'lucide-react/icons/file-text';
import House from 'lucide-react/icons/house';
import { Button } from '@/components/ui/button';
import { AccountCard } from '../-components/account-card';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/account/kyc/')({
  head: titled('Verify your identity'),
  component: KycIntroPage,
});

const needs = [
  { icon: FileText, text: "An identity document: driver's license, passport or national ID card, front and back" },
  { icon: Camera, text: 'A clear picture of yourself' },
  { icon: House, text: 'Your phone number and home address' },
];

function KycIntroPage() {
  return (
    <AccountCard
      title="Verify your identity"
      description="Before you can use your account, the law asks us to confirm who you are. It takes about five minutes."
    >
      <ul className="grid gap-3 text-sm">
        {needs.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <Button asChild size="lg" className="mt-6 w-full">
        <Link to="/account/kyc/form">Start verification</Link>
      </Button>
    </AccountCard>
  );
}

import { Link } from '@tanstack/react-router';
import { textLinkClass } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';

/**
 * The 18+/terms checkbox's label, with the terms a link to their page. It opens in a new tab, so what
 * the form already holds stays; a link inside a label follows the link and leaves the checkbox as it is.
 */
export function TermsLabel() {
  return (
    <>
      I am at least 18 years old and I accept the{' '}
      <Link to="/account/terms" target="_blank" rel="noopener" className={cn(textLinkClass, 'rounded-sm underline')}>
        terms and conditions
        <span className="sr-only"> (opens in a new tab)</span>
      </Link>
    </>
  );
}

import { Link } from '@tanstack/react-router';
import { textLinkClass } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';

/**
 * The 18+/terms checkbox's label, with the terms a link to their page. It opens in a new tab, so what
 * the form already holds stays; a link inside a label follows the link and leaves the checkbox as it is.
 */
export function TermsLabel() {
  // One span: the label lays its children out as a row (a flex box), so the sentence and the link must be one
  // item, or the link becomes a column of its own beside the words. Inside it the link flows with the text.
  return (
    <span>
      I am at least 18 years old and I accept the{' '}
      <Link to="/account/terms" target="_blank" rel="noopener" className={cn(textLinkClass, 'rounded-sm underline')}>
        terms and conditions
        <span className="sr-only"> (opens in a new tab)</span>
      </Link>
    </span>
  );
}

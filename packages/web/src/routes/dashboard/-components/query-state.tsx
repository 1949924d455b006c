import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { Button } from '@/components/ui/button';

/** In place of a section whose data could not be fetched (the error toast has already said why). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed px-4 py-3 text-sm">
      <p className="text-muted-foreground">We could not load {what}.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

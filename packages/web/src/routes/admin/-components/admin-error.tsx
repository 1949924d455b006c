/**
 * What the admin area shows when its layout or a section cannot be loaded (each names it as its error
 * component): a refused admin token ends the session and leads to the login; any other failure says why and
 * offers to try again.
 */
import { StaffApiError } from '@ebank/contract';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { TryAgainButton } from '@/components/app-states';
import { Button } from '@/components/ui/button';
import { session } from '@/session/session';

const isRefusedToken = (error: unknown) =>
  error instanceof StaffApiError && (error.status === 401 || error.status === 403);

export function AdminError({ error, reset }: ErrorComponentProps) {
  const refused = isRefusedToken(error);
  useEffect(() => {
    if (refused) session.logout();
  }, [refused]);
  if (refused)
    return (
      <div role="alert" className="grid max-w-md gap-3">
        <h1 className="text-xl font-semibold">Your admin session has ended</h1>
        <p className="text-sm text-muted-foreground">Please sign in again to continue.</p>
        <Button asChild className="justify-self-start">
          <Link to="/account/login">Sign in</Link>
        </Button>
      </div>
    );
  return (
    <div role="alert" className="grid max-w-md gap-3">
      <h1 className="text-xl font-semibold">This section could not be loaded</h1>
      <p className="text-sm break-words text-muted-foreground">
        {error instanceof Error ? error.message : 'Something went wrong.'}
      </p>
      <div className="justify-self-start">
        <TryAgainButton reset={reset} />
      </div>
    </div>
  );
}

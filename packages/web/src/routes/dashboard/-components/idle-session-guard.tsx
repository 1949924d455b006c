/**
 * Ends the signed-in session (OWASP ASVS 5.0 V7.3) after the configured idle time, warning before it,
 * when the token expires, and when the bank refuses the token (a 401 on any call); follows the other tabs
 * of the origin. Mounted once by the dashboard layout, so it runs only in the signed-in tree. The timing
 * lives in `@/session/idle-session.ts`.
 */
import { isApiError } from '@ebank/contract/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { configuredIdleTimings, useIdleSession, type SessionEndReason } from '@/session/idle-session';
import { useLogout } from '@/session/use-logout';
import { IdleWarning } from './idle-warning';

/** A reply that says the token is no longer valid. A 403 refuses one action (a region, a code), not the session. */
const isRejectedToken = (error: unknown) => isApiError(error) && error.kind === 'http' && error.status === 401;

export function IdleSessionGuard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const [timings] = useState(configuredIdleTimings);

  const onEnd = useCallback(
    (reason: SessionEndReason | 'logout') => {
      // Another tab logged out: this one does what logout does here.
      if (reason === 'logout') {
        logout();
        return;
      }
      // The session is cleared already (`endSession`); say why at login, then forget its replies (as logout).
      void navigate({ to: '/account/login', search: { ended: reason }, replace: true }).finally(() => {
        queryClient.clear();
      });
    },
    [logout, navigate, queryClient],
  );
  const { state, stayActive, end } = useIdleSession({ timings, onEnd });

  useEffect(() => {
    const onError = (error: unknown) => {
      if (isRejectedToken(error)) end('expired');
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, end]);

  return (
    <IdleWarning
      open={state.kind === 'warning'}
      remainingMs={state.kind === 'warning' ? state.remainingMs : 0}
      onStay={stayActive}
      onSignOut={logout}
    />
  );
}

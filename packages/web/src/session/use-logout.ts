import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { session } from './session';

/**
 * Logs out: clears the session, sets the logged-out flag, goes to the account landing page (or, to sign in
 * again at once, the login page) and then forgets every cached reply. Forgetting them before the signed-in
 * pages are gone would have those pages ask again, without a token.
 */
export function useLogout(to: '/account' | '/account/login' = '/account') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    session.logout();
    void navigate({ to, replace: true }).finally(() => {
      queryClient.clear();
    });
  }, [queryClient, navigate, to]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { session } from './session';

/**
 * Logs out (spec section 4): clears the session, sets the logged-out flag, forgets every cached reply
 * and goes to the account landing page.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    session.logout();
    queryClient.clear();
    void navigate({ to: '/account', replace: true });
  }, [queryClient, navigate]);
}

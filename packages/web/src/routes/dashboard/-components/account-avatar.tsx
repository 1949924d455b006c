import { useQuery } from '@tanstack/react-query';
import { UserAvatar } from '@/components/user-avatar';
import { institutionQuery } from '@/api/queries';

/** The look of the button that opens the account menu. */
export const ACCOUNT_MENU_TRIGGER =
  'cursor-pointer rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60';

/**
 * The signed-in user's summary as the top bar shows it (name, plan, picture). The top bar only reads
 * what the pages fetch: its parts mounting later (the menu card, once loaded) fetch nothing again.
 */
export function useAccountSummary() {
  const { data: user } = useQuery({
    ...institutionQuery,
    select: (reply) => reply.u,
    retryOnMount: false,
    refetchOnMount: false,
  });
  return user;
}

/** The profile picture, or the initials, on the account menu's button. */
export function AccountAvatar() {
  const user = useAccountSummary();
  return (
    <UserAvatar
      key={user?.picture ?? 'none'}
      name={user?.fullname ?? ''}
      picture={user?.picture}
      className="size-10 text-sm ring-2"
    />
  );
}

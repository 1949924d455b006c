import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { DEFAULT_ERROR_MESSAGE } from './api';
import { whenIdle } from './when-idle';

/**
 * A part of a page that is not needed for its first paint (a drawer, a menu card): its module loads when
 * the browser is idle after the component mounted, or at once when the user asks for it first. Gives the
 * module once it has loaded, and `request(then)`, which loads it if need be and then runs `then`; a
 * load that fails (the network dropped) says 'Something went wrong!' and the next press tries again.
 */
export function useLazyPart<M>(load: () => Promise<M>): [M | undefined, (then: () => void) => void] {
  const [part, setPart] = useState<M>();
  const loadNow = useCallback(
    () =>
      load().then((module) => {
        setPart(() => module);
      }),
    [load],
  );
  useEffect(() => {
    whenIdle(() => {
      loadNow().catch(() => undefined);
    });
  }, [loadNow]);
  const request = useCallback(
    (then: () => void) => {
      loadNow().then(then, () => {
        toast.error(DEFAULT_ERROR_MESSAGE);
      });
    },
    [loadNow],
  );
  return [part, request];
}

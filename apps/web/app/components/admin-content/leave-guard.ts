// While an editor has changes the server does not have yet, leaving asks first: a reload or closed tab
// through `beforeunload`, a link inside the admin through the router's blocker (which first tries to save).
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { EDITOR_MESSAGES } from '@agency/contract';
import { confirmAction } from '~/components/admin/confirm-dialog';

export function useLeaveGuard(unsaved: boolean, flush: () => Promise<boolean>) {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  const handling = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current) return;
    handling.current = true;
    void (async () => {
      const saved = await flush();
      const leave = saved || (await confirmAction(EDITOR_MESSAGES.leaveUnsaved, 'Leave'));
      handling.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    })();
  }, [blocker, flush]);
}

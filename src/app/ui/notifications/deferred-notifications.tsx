import { Suspense, lazy, useEffect, useState } from 'react';
import type { NotificationsProps } from '@mantine/notifications';

const Notifications = lazy(() => import('./notification-stack').then((m) => ({ default: m.Notifications })));

/**
 * Mantine's notification stack, loaded once the page is idle after its first screen: its code
 * (transitions, scroll locking) is not needed to paint that screen. `notifications.show()` works
 * before it mounts; the store keeps what was shown and the stack displays it on mounting.
 */
export function DeferredNotifications(props: NotificationsProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!globalThis.requestIdleCallback) {
      setReady(true);
      return;
    }
    const handle = globalThis.requestIdleCallback(() => setReady(true));
    return () => globalThis.cancelIdleCallback(handle);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  ) : null;
}

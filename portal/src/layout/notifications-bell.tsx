import { Notifications } from '@fm/widgets';
import { useIsMobile } from '@fm/widgets/viewport';
import { useNavigate } from 'react-router';
import { api } from '../shared/api-client.ts';
import { useRealtime } from '../shared/realtime.tsx';

/**
 * The bell and its notifications panel: the `<Notifications>` widget (the same as
 * `<fm-notifications>`), live from the app's socket, a dropdown on desktop and a drawer from the
 * bottom under 768px wide (user-area §2). A notification's link opens in the app.
 */
export function NotificationsBell() {
  const navigate = useNavigate();
  const realtime = useRealtime();
  const drawer = useIsMobile();
  return (
    <Notifications
      client={api}
      realtime={realtime}
      drawer={drawer}
      onOpenNotification={(notification) => {
        if (notification.link) void navigate(notification.link);
      }}
    />
  );
}

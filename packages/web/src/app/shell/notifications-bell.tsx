import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { SHELL_LINKS } from '../nav';

/** The bell linking to the notification send history; absent until that page exists. */
export function NotificationsBell({ allowed }: { allowed: boolean }) {
  if (!SHELL_LINKS.notifications.exists || !allowed) return null;
  return (
    <Tooltip content="Notifications">
      <Link to={SHELL_LINKS.notifications.path} aria-label="Notifications" className={buttonClasses('ghost', 'icon')}>
        <Bell aria-hidden />
      </Link>
    </Tooltip>
  );
}

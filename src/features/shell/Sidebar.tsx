import {
  CalendarDays,
  ChartGantt,
  CircleHelp,
  ClipboardCheck,
  FileChartColumn,
  FolderOpen,
  FolderTree,
  LayoutDashboard,
  ListChecks,
  MessagesSquare,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { StatsAction } from '../../api/contract/stats';
import { useAppDispatch } from '../../app/hooks';
import { HELP_PATH, SUPPORT_LINKS } from '../../shared/config/links';
import type { CurrentUser } from '../../api/contract/auth';
import { trackUsage } from '../stats/api';
import { areasFor, formatCounter, isAreaActive } from './areas';
import styles from './Sidebar.module.css';

const EXTERNAL: { label: string; href: string; action: StatsAction; icon: LucideIcon }[] = [
  {
    label: 'Support chat',
    href: SUPPORT_LINKS.supportChat,
    action: 'support_chat_visit',
    icon: MessagesSquare,
  },
  {
    label: 'Document space',
    href: SUPPORT_LINKS.documentSpace,
    action: 'document_space_visit',
    icon: FolderOpen,
  },
  { label: 'Help', href: HELP_PATH, action: 'help_visit', icon: CircleHelp },
];

/** One icon per area, to find an item at a glance; the label stays the item's name. */
const AREA_ICONS: Record<string, LucideIcon> = {
  '/projects': FolderTree,
  '/dashboard': LayoutDashboard,
  '/risks': TriangleAlert,
  '/checks': ClipboardCheck,
  '/project-checklists': ListChecks,
  '/calendar': CalendarDays,
  '/planning': ChartGantt,
  '/reports': FileChartColumn,
};

/**
 * Spec §2 sidebar: items behind their permission, counters, external links in a new tab. Beside
 * the page from 1024 px up, inside the menu drawer below (`inDrawer`).
 */
/**
 * What the checklist counter counts (available_checklists_counter): the checklists still to fill,
 * in the state Available or In progress. My work's two checklist groups add up to it.
 */
const checklistCounterLabel = (count: number) =>
  `${count} checklists to fill (available or in progress)`;

export function Sidebar({ user, inDrawer = false }: { user: CurrentUser; inDrawer?: boolean }) {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();

  /** Clicking the link of the page already open reloads it. */
  const reloadIfOpen = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (pathname === path) {
      event.preventDefault();
      window.location.reload();
    }
  };

  return (
    <div className={inDrawer ? `${styles.sidebar} ${styles.inDrawer}` : styles.sidebar}>
      <nav aria-label="Main">
        <ul className={styles.list}>
          {areasFor(user.permissions).map((area) => {
            const active = isAreaActive(area, pathname);
            const counter =
              area.path === '/project-checklists' ? user.available_checklists_counter : null;
            const Icon = AREA_ICONS[area.path];
            return (
              <li key={area.path}>
                <Link
                  to={area.path}
                  className={styles.link}
                  aria-current={active ? 'page' : undefined}
                  onClick={reloadIfOpen(area.path)}
                >
                  <span className={styles.label}>
                    {Icon && <Icon className={styles.icon} aria-hidden="true" size={18} />}
                    <span>{area.label}</span>
                  </span>
                  {counter !== null && counter > 0 && (
                    <span
                      className={styles.counter}
                      aria-label={checklistCounterLabel(counter)}
                      title={checklistCounterLabel(counter)}
                    >
                      {formatCounter(counter)}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <nav aria-label="Help and support">
        <ul className={`${styles.list} ${styles.external}`}>
          {EXTERNAL.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                className={styles.link}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => void dispatch(trackUsage({ action: link.action }))}
              >
                <span className={styles.label}>
                  <link.icon className={styles.icon} aria-hidden="true" size={18} />
                  <span>
                    {link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

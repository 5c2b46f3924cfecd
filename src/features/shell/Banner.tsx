import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import { trackUsage } from '../stats/api';
import { useGetBannerQuery } from '../banner/api';
import { X } from 'lucide-react';
import { IconButton } from '../../shared/ui/Tooltip';
import styles from './Banner.module.css';

/** Local-storage key of the hidden flag: the text it was closed for, so a new text shows again. */
export const BANNER_HIDDEN_KEY = 'pep.banner.hidden';

/** Spec §2: no banner on audit surveys, risk and issue creation, or where segment two is 'periods'. */
export function isBannerHiddenOn(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return (
    ['audit-survey', 'create-risk', 'create-issue'].includes(segments[0] ?? '') ||
    segments[1] === 'periods'
  );
}

const now = () => Date.now();
const secondsSince = (start: number) => Math.round((now() - start) / 1000);

function readHidden(): string | null {
  try {
    return localStorage.getItem(BANNER_HIDDEN_KEY);
  } catch {
    return null;
  }
}

/** The admin's HTML banner, sanitized, with a close button remembered in local storage. */
export function Banner({ hiddenByUser }: { hiddenByUser: boolean }) {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const { data } = useGetBannerQuery();
  const [hiddenFor, setHiddenFor] = useState(readHidden);
  const shownAt = useRef(0);
  const html = data?.html_text.trim() ?? '';
  const visible = html !== '' && !hiddenByUser && hiddenFor !== html && !isBannerHiddenOn(pathname);

  useEffect(() => {
    if (visible && shownAt.current === 0) shownAt.current = now();
  }, [visible]);

  if (!visible) return null;

  const close = () => {
    const seconds = secondsSince(shownAt.current);
    try {
      localStorage.setItem(BANNER_HIDDEN_KEY, html);
    } catch {
      // Storage full or blocked: the banner still closes for this page view.
    }
    setHiddenFor(html);
    void dispatch(trackUsage({ action: 'banner_close', current_value: seconds }));
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    if (link) void dispatch(trackUsage({ action: 'banner_link_click', action_detail: link.href }));
  };

  return (
    <aside className={styles.banner} aria-label="Announcement">
      {/* The admin text is sanitized with DOMPurify before it reaches the DOM. */}
      <SafeHtml className={styles.text} onClick={onClick} html={html} />
      <IconButton
        label="Close the announcement"
        icon={<X aria-hidden="true" size={18} />}
        onClick={close}
      />
    </aside>
  );
}

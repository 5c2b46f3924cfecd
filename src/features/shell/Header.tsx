import { Bell, Menu, Search } from 'lucide-react';
import { useEffect, useState, type Ref } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../api/contract/auth';
import { productName } from '../../shared/config/product';
import { Badge } from '../../shared/ui/Badge';
import { Logo } from '../../shared/ui/Logo';
import styles from './Header.module.css';
import { SearchDialog } from '../search/embed';
import { Snow } from './Snow';
import { UserMenu } from './UserMenu';
import { DemoDataMenu } from './DemoDataMenu';
import { STATIC_DEMO } from '../../shared/config/staticDemo';

/**
 * Spec §2 header: logo to '/', the 'Actions' count, the user's name with its menu. Below 1024 px a
 * menu button opens the sidebar as a drawer (`onOpenMenu`).
 */
export function Header({
  user,
  onSignOut,
  signingOut,
  menuOpen = false,
  onOpenMenu,
  menuButtonRef,
}: {
  user: CurrentUser;
  onSignOut: () => void;
  signingOut: boolean;
  menuOpen?: boolean;
  onOpenMenu?: () => void;
  menuButtonRef?: Ref<HTMLButtonElement>;
}) {
  const pending = user.risk_action_requests_counter;
  const [searching, setSearching] = useState(false);
  // Ctrl+K (⌘K on a Mac) opens the search from anywhere, as in the tools our users live in.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearching(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <header className={styles.header}>
      <div className={styles.start}>
        {onOpenMenu && (
          <button
            ref={menuButtonRef}
            type="button"
            className={styles.menuButton}
            aria-label="Menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
          >
            <Menu aria-hidden="true" size={22} />
          </button>
        )}
        <Link to="/" className={styles.home}>
          <Snow />
          <Logo name={productName(user.isPortfolio)} compact />
        </Link>
      </div>
      <button
        type="button"
        className={styles.search}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setSearching(true)}
      >
        <Search aria-hidden="true" size={16} />
        <span className={styles.searchText}>Search</span>
        <kbd className={styles.shortcut} aria-hidden="true">
          Ctrl K
        </kbd>
      </button>
      <SearchDialog open={searching} onClose={() => setSearching(false)} />
      <div className={styles.user}>
        {STATIC_DEMO && <DemoDataMenu />}
        <Link
          to="/notifications"
          className={styles.actions}
          aria-label={`Actions: ${pending} pending risk action ${pending === 1 ? 'request' : 'requests'}`}
        >
          <Bell className={styles.actionsIcon} aria-hidden="true" size={18} />
          <span className={styles.actionsText}>Actions</span>{' '}
          <Badge tone={pending > 0 ? 'danger' : 'info'} strong={pending > 0} aria-hidden="true">
            {pending}
          </Badge>
        </Link>
        <UserMenu name={user.name} onSignOut={onSignOut} signingOut={signingOut} />
      </div>
    </header>
  );
}

import { Bell, Menu } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../api/contract/auth';
import { productName } from '../../shared/config/product';
import { Logo } from '../../shared/ui/Logo';
import { Snow } from './Snow';
import { UserMenu } from './UserMenu';

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
  return (
    <header className="app-header">
      <div className="header-start">
        {onOpenMenu && (
          <button
            ref={menuButtonRef}
            type="button"
            className="menu-button"
            aria-label="Menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
          >
            <Menu aria-hidden="true" size={22} />
          </button>
        )}
        <Link to="/" className="logo">
          <Snow />
          <Logo name={productName(user.isPortfolio)} />
        </Link>
      </div>
      <div className="header-user">
        <Link
          to="/notifications"
          className="actions-link"
          aria-label={`Actions: ${pending} pending risk action ${pending === 1 ? 'request' : 'requests'}`}
        >
          <Bell className="actions-icon" aria-hidden="true" size={18} />
          <span className="actions-text">Actions</span>{' '}
          <span className={pending > 0 ? 'badge badge-alert' : 'badge'} aria-hidden="true">
            {pending}
          </span>
        </Link>
        <UserMenu name={user.name} onSignOut={onSignOut} signingOut={signingOut} />
      </div>
    </header>
  );
}

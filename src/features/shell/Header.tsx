import { Link } from 'react-router';
import type { CurrentUser } from '../../api/contract/auth';
import { productName } from '../../shared/config/product';
import { Snow } from './Snow';
import { UserMenu } from './UserMenu';

/** Spec §2 header: logo to '/', the 'Actions' count, the user's name with its menu. */
export function Header({
  user,
  onSignOut,
  signingOut,
}: {
  user: CurrentUser;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const pending = user.risk_action_requests_counter;
  return (
    <header className="app-header">
      <Link to="/" className="logo">
        <Snow />
        <span className="logo-text">{productName(user.isPortfolio)}</span>
      </Link>
      <div className="header-user">
        <Link
          to="/notifications"
          className="actions-link"
          aria-label={`Actions: ${pending} pending risk action ${pending === 1 ? 'request' : 'requests'}`}
        >
          Actions{' '}
          <span className={pending > 0 ? 'badge badge-alert' : 'badge'} aria-hidden="true">
            {pending}
          </span>
        </Link>
        <UserMenu name={user.name} onSignOut={onSignOut} signingOut={signingOut} />
      </div>
    </header>
  );
}

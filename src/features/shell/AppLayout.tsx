import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { productName } from '../../shared/config/product';
import { useGetCurrentUserQuery, useLogoutMutation } from '../auth/api';
import { areasFor } from './areas';

/** Header, navigation and the page of a signed-in user. */
export function AppLayout() {
  const { data: user } = useGetCurrentUserQuery();
  const [logout, { isLoading: signingOut }] = useLogoutMutation();
  const navigate = useNavigate();
  if (!user) return null;
  const name = productName(user.isPortfolio);

  const signOut = async () => {
    await logout()
      .unwrap()
      .catch(() => undefined);
    navigate('/login', { replace: true });
  };

  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/" className="logo">
          {name}
        </Link>
        <div className="header-user">
          <Link to="/notifications" className="actions-link">
            Actions <span className="badge">{user.risk_action_requests_counter}</span>
          </Link>
          <span className="user-name">{user.name}</span>
          <button
            type="button"
            className="button"
            onClick={() => void signOut()}
            disabled={signingOut}
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      </header>
      <div className="app-body">
        <nav className="sidebar" aria-label="Main">
          <ul>
            {areasFor(user.permissions).map((area) => (
              <li key={area.path}>
                <NavLink to={area.path}>{area.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="page" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

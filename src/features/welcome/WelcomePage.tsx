import { Link } from 'react-router';
import { productName } from '../../shared/config/product';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useGetCurrentUserQuery } from '../auth/api';
import { areasFor } from '../shell/areas';
import { MyWork } from './MyWork';
import styles from './WelcomePage.module.css';

/** `/` and `/welcome`: what the platform does and the user's way into each area. */
export default function WelcomePage() {
  const { data: user } = useGetCurrentUserQuery();
  if (!user) return null;
  const areas = areasFor(user.permissions);
  return (
    <>
      <PageHeader
        title={`Welcome to the ${productName(user.isPortfolio)}`}
        documentTitle="Welcome"
      />
      <p>
        Run project checks as surveys, manage risks and issues from project up to business segment,
        and follow dashboards, calendar, planner and reports.
      </p>
      <MyWork />
      <h2 className={styles.areasTitle} id="welcome-areas">
        Areas
      </h2>
      {areas.length === 0 ? (
        <p>
          Your account opens no area of the platform yet. Risks shared with you appear under{' '}
          <Link to="/notifications">Actions</Link>.
        </p>
      ) : (
        <ul className={styles.areas} aria-labelledby="welcome-areas">
          {areas.map((area) => (
            <li key={area.path}>
              <Link to={area.path}>{area.label}</Link>
              <p>{area.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

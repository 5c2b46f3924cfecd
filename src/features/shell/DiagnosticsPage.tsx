import { getApiOrigin } from '../../api/config';
import { selectIsSignedIn } from '../../api/credentials';
import { useAppSelector } from '../../app/hooks';
import { useGetCurrentUserQuery } from '../auth/api';
import { PageHeader } from '../../shared/ui/PageHeader';

/**
 * The hidden internal route of spec §2: what support asks for when a user reports a problem —
 * the build, the backend origin and the session's user and permissions. Never tokens.
 */
export default function DiagnosticsPage() {
  const { data: user, fulfilledTimeStamp } = useGetCurrentUserQuery();
  const signedIn = useAppSelector(selectIsSignedIn);
  if (!user) return null;
  const facts: [string, string][] = [
    ['Build mode', import.meta.env.MODE],
    ['Backend origin', getApiOrigin() || window.location.origin],
    ['Signed in', signedIn ? 'yes' : 'no'],
    ['User id', String(user.id)],
    ['Portfolio mode', user.isPortfolio ? 'yes' : 'no'],
    [
      'User last checked',
      fulfilledTimeStamp ? new Date(fulfilledTimeStamp).toISOString() : 'not yet',
    ],
    ['Browser', navigator.userAgent],
  ];
  return (
    <section aria-labelledby="diagnostics-title">
      <PageHeader
        title="Diagnostics"
        titleId="diagnostics-title"
        subtitle="Share this page with the support team when you report a problem. It holds no secrets."
      />
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>Permissions ({user.permissions.length})</h2>
      <ul>
        {[...user.permissions].sort().map((permission) => (
          <li key={permission}>
            <code>{permission}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Navigate, useSearchParams } from 'react-router';
import { selectIsSignedIn } from '../../api/credentials';
import { useAppSelector } from '../../app/hooks';
import { safeRedirectTarget, signOnUrl } from '../../api/contract/signOn';
import { FAKE_AUTH, productName } from '../../shared/config/product';
import { appHref, STATIC_DEMO } from '../../shared/config/staticDemo';
import { useDocumentTitle } from '../../shared/lib/documentTitle';
import { SplashCard } from '../../shared/ui/SplashCard';
import { buttonClassName } from '../../shared/ui/Button';

export const WELCOME_TEXT =
  'With this tool you can monitor and enhance your project success and delivery quality';

/** The only public route (spec §2). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectTarget(params.get('redirectTo'));
  const signedIn = useAppSelector(selectIsSignedIn);
  const portfolio = params.get('portfolio') === 'true';
  useDocumentTitle('Sign in', productName(portfolio));
  if (signedIn) return <Navigate to={redirectTo} replace />;
  return (
    <SplashCard titleId="login-title" mark>
      <h1 id="login-title">{productName(portfolio)}</h1>
      <p>{WELCOME_TEXT}</p>
      <a
        className={buttonClassName({ variant: 'primary' })}
        href={
          // The static demo has no SSO on any host: its worker answers the fake sign-in.
          STATIC_DEMO
            ? appHref(`/fake-auth?redirectTo=${encodeURIComponent(redirectTo)}`)
            : signOnUrl(location.hostname, redirectTo, portfolio, { fakeAuth: FAKE_AUTH })
        }
      >
        Let&apos;s start!
      </a>
    </SplashCard>
  );
}

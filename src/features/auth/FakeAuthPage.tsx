import { useEffect, useRef } from 'react';
import { useDocumentTitle } from '../../shared/lib/documentTitle';
import { PRODUCT_NAME } from '../../shared/config/product';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { safeRedirectTarget } from '../../api/contract/signOn';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { trackSignIn } from '../stats/api';
import { useFakeAuthMutation, useGetPersonasQuery } from './api';
import { Button } from '../../shared/ui/Button';
import styles from './FakeAuthPage.module.css';

/**
 * Stands in for corporate SSO in the mock: one card per persona signs in with one click;
 * `?as=<persona>` signs in at once so a demo can be shared as a link.
 */
export default function FakeAuthPage() {
  useDocumentTitle('Sign in as a persona', PRODUCT_NAME);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const redirectTo = safeRedirectTarget(params.get('redirectTo'));
  const requested = params.get('as');
  const { data: personas, isLoading, isError } = useGetPersonasQuery();
  const [signIn, { isLoading: signingIn, originalArgs }] = useFakeAuthMutation();
  const autoStarted = useRef(false);

  const signInAs = async (persona: string) => {
    try {
      await signIn({ persona }).unwrap();
      void dispatch(trackSignIn('login'));
      navigate(redirectTo, { replace: true });
    } catch {
      // the error toast tells what went wrong; the cards stay for another try
    }
  };

  useEffect(() => {
    if (requested && !autoStarted.current) {
      autoStarted.current = true;
      void signInAs(requested);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sign in once per visit
  }, [requested]);

  if (isLoading) return <LoadingScreen label="Loading personas…" />;
  return (
    <main className={styles.page} id="main">
      <h1>Sign in as a persona</h1>
      <p>
        This demo stands in for corporate single sign-on. Pick who you are; each persona holds the
        permissions of its role.
      </p>
      {isError && (
        <p role="alert">The personas could not be loaded. Reload the page to try again.</p>
      )}
      <ul className={styles.personas}>
        {personas?.map((persona) => (
          <li key={persona.id} className={styles.persona}>
            <h2>{persona.name}</h2>
            <p className={styles.role}>{persona.role}</p>
            <p className={styles.description}>{persona.description}</p>
            <Button
              type="button"
              variant="primary"
              disabled={signingIn}
              aria-label={`Sign in as ${persona.name}, ${persona.role}`}
              onClick={() => void signInAs(persona.id)}
            >
              {signingIn && originalArgs?.persona === persona.id ? 'Signing in…' : 'Sign in'}
            </Button>
          </li>
        ))}
      </ul>
    </main>
  );
}

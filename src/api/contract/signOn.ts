/**
 * Where sign-on starts and where it may return to: the SPA and the production server (scripts/serve)
 * apply the same rules.
 */

/** Spec §2: the login redirect depends on the host (dev, stage, production) and on portfolio mode. */
export type HostKind = 'local' | 'dev' | 'stage' | 'production';

export function hostKind(hostname: string): HostKind {
  if (/^(localhost|127\.0\.0\.1|\[::1\])$/.test(hostname)) return 'local';
  if (hostname.startsWith('dev.') || hostname.includes('-dev.')) return 'dev';
  if (hostname.startsWith('stage.') || hostname.includes('-stage.')) return 'stage';
  return 'production';
}

const SSO_LOGIN: Record<Exclude<HostKind, 'local'>, string> = {
  dev: '/api/auth/sso/login/?env=dev',
  stage: '/api/auth/sso/login/?env=stage',
  production: '/api/auth/sso/login/',
};

/**
 * The 'Let's start!' address: the fake-auth screen locally where the build has one (`fakeAuth`),
 * the SSO entry elsewhere (a local host without it uses the production entry).
 */
export function signOnUrl(
  hostname: string,
  redirectTo: string,
  portfolio: boolean,
  { fakeAuth }: { fakeAuth: boolean },
): string {
  const kind = hostKind(hostname);
  const target = encodeURIComponent(redirectTo);
  if (kind === 'local' && fakeAuth) return `/fake-auth?redirectTo=${target}`;
  const callback = portfolio ? '/portfolio/callback' : '/callback';
  const entry = SSO_LOGIN[kind === 'local' ? 'production' : kind];
  const join = entry.includes('?') ? '&' : '?';
  return `${entry}${join}callback=${encodeURIComponent(callback)}&redirectTo=${target}`;
}

/** Only same-origin paths may be redirect targets (no open redirects through redirectTo). */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  if (value.startsWith('/login') || value.startsWith('/fake-auth')) return '/';
  return value;
}

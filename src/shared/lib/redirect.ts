/** Only same-origin paths may be redirect targets (no open redirects through redirectTo). */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  if (value.startsWith('/login') || value.startsWith('/fake-auth')) return '/';
  return value;
}

import { createElement, Suspense, use, type HTMLAttributes } from 'react';

type Sanitizer = (html: string) => string;

/**
 * Should DOMPurify fail to load (a deploy replaced the chunk), the markup shows as its text only:
 * parsed in an inert document (no script runs, no image loads) and escaped again.
 */
function textOnly(html: string): string {
  const { body } = new DOMParser().parseFromString(html, 'text/html');
  body.querySelectorAll('script, style, template, noscript').forEach((node) => node.remove());
  return (body.textContent ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

let sanitizer: Promise<Sanitizer> | undefined;

/**
 * DOMPurify is loaded on the first piece of server HTML, not with the entry chunk: `/login` never
 * needs it. One promise for the page's life, so `use` sees the same one on every render.
 */
function loadSanitizer(): Promise<Sanitizer> {
  sanitizer ??= import('../lib/sanitize').then(
    (module) => module.sanitizeHtml,
    () => textOnly,
  );
  return sanitizer;
}

type SafeHtmlProps = { html: string; element?: 'div' | 'p' } & Omit<
  HTMLAttributes<HTMLElement>,
  'children' | 'dangerouslySetInnerHTML'
>;

function Markup({ html, element = 'div', ...attributes }: SafeHtmlProps) {
  const sanitize = use(loadSanitizer());
  return createElement(element, {
    ...attributes,
    dangerouslySetInnerHTML: { __html: sanitize(html) },
  });
}

/** Server HTML (the admin banner, error texts), sanitized with DOMPurify before it reaches the DOM. */
export function SafeHtml(props: SafeHtmlProps) {
  return (
    <Suspense fallback={null}>
      <Markup {...props} />
    </Suspense>
  );
}

import { createContext, useContext, useEffect, useState } from 'react';
import { useMatches, type Params } from 'react-router';

/** What a route says of its page in the browser tab: fixed words or words from its parameters. */
export type RouteTitle = string | ((params: Params) => string);

/** The `handle` of a route that names its page. */
export interface TitledHandle {
  title?: RouteTitle;
}

/** The deepest route that names its page wins: 'Risk 12', not 'Risks and issues'. */
export function titleOfMatches(
  matches: readonly { handle: unknown; params: Params }[],
): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const { handle, params } = matches[index]!;
    const title = (handle as TitledHandle | undefined)?.title;
    if (title !== undefined) return typeof title === 'function' ? title(params) : title;
  }
  return undefined;
}

/** "Risk 12 · Project Excellence Platform"; the product's name alone for a page without one. */
export const documentTitle = (title: string | undefined, product: string) =>
  title ? `${title} · ${product}` : product;

/** Puts the page's title in the browser tab while the page is shown. */
export function useDocumentTitle(title: string | undefined, product: string) {
  const text = documentTitle(title, product);
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/**
 * What a layout (the shell, the printable document) gives its pages to name themselves with
 * their data: the page's title, or undefined to fall back to the route's.
 */
export const PageTitleContext = createContext<((title: string | undefined) => void) | null>(null);

/**
 * Names the page in the browser tab with the words its h1 uses ('Team · Handmade Ball panel'),
 * once they are known; until then, and outside a layout, the route's title stands.
 */
export function usePageTitle(title: string | undefined) {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    if (!setTitle || title === undefined) return;
    setTitle(title);
    return () => setTitle(undefined);
  }, [setTitle, title]);
}

/**
 * A layout's side of `usePageTitle`: the title its page gives, else the deepest route's, in the
 * browser tab. Provide the setter it returns as `PageTitleContext`.
 */
export function useLayoutTitle(product: string) {
  const [pageTitle, setPageTitle] = useState<string | undefined>(undefined);
  const routeTitle = titleOfMatches(useMatches());
  useDocumentTitle(pageTitle ?? routeTitle, product);
  return setPageTitle;
}

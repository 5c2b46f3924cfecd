/** Spec §1 and §3 "Configuration". */
export const PRODUCT_NAME = 'Project Excellence Platform';
export const PORTFOLIO_PRODUCT_NAME = 'Portfolio Excellence Platform';
export const LOCALE = 'en-US';

export function productName(isPortfolio: boolean): string {
  return isPortfolio ? PORTFOLIO_PRODUCT_NAME : PRODUCT_NAME;
}

/**
 * The fake-auth screen (a persona picker standing in for SSO) exists in the demo and development
 * builds only: `npm run build` (mode production) leaves it, and its chunk, out.
 */
export const FAKE_AUTH = import.meta.env.MODE !== 'production';

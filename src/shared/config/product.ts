/** Spec §1 and §3 "Configuration". */
export const PRODUCT_NAME = 'Project Excellence Platform';
export const PORTFOLIO_PRODUCT_NAME = 'Portfolio Excellence Platform';
export const LOCALE = 'en-US';

export function productName(isPortfolio: boolean): string {
  return isPortfolio ? PORTFOLIO_PRODUCT_NAME : PRODUCT_NAME;
}

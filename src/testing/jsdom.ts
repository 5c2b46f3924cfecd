/** jsdom has no layout: Radix's popper (menus, tooltips) measures through ResizeObserver. */
export function polyfillLayout() {
  globalThis.ResizeObserver ??= class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * jsdom lays nothing out: give a virtualised table's scroll box (the region around the table
 * whose caption is `captionId`) a viewport, as a browser would, so its virtualisers render the
 * first rows and columns. Every other element stays 0 × 0.
 */
export function giveRegionLayout(captionId: string, height = 600, width = 1200) {
  const size = (dimension: number) => ({
    configurable: true,
    get(this: HTMLElement) {
      // The frame right around the table: a region, or (cards on a phone) a box not yet scrolling.
      return this.querySelector?.(`:scope > table > caption[id="${captionId}"]`) ? dimension : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(height));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(width));
}

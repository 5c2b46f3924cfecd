import { onTestFinished } from 'vitest';

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
 * first rows and columns. Every other element stays 0 × 0. For the test that calls it (from the
 * test or its `beforeEach`) only: the unit project shares a worker's globals across files, so it
 * is undone when that test finishes.
 */
export function giveRegionLayout(captionId: string, height = 600, width = 1200) {
  const size = (dimension: number) => ({
    configurable: true,
    get(this: HTMLElement) {
      // The frame right around the table: a region, or (cards on a phone) a box not yet scrolling.
      return this.querySelector?.(`:scope > table > caption[id="${captionId}"]`) ? dimension : 0;
    },
  });
  for (const [name, dimension] of [
    ['clientHeight', height],
    ['clientWidth', width],
  ] as const) {
    // jsdom's own is on Element.prototype: HTMLElement.prototype has none of its own, unless an
    // earlier call of the same test gave it one.
    const before = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, size(dimension));
    onTestFinished(() => {
      if (before) Object.defineProperty(HTMLElement.prototype, name, before);
      else Reflect.deleteProperty(HTMLElement.prototype, name);
    });
  }
}

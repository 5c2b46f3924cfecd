/** jsdom has no layout: Radix's popper (menus, tooltips) measures through ResizeObserver. */
export function polyfillLayout() {
  globalThis.ResizeObserver ??= class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

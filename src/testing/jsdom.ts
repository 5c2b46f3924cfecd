/** jsdom has no modal dialogs: open and close by attribute, as the browser would show them. */
export function polyfillDialog() {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

/** jsdom has no layout: Radix's popper (menus, tooltips) measures through ResizeObserver. */
export function polyfillLayout() {
  globalThis.ResizeObserver ??= class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

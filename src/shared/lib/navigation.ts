import { appHref } from '../config/staticDemo';

/**
 * Navigation for code outside React (the data layer). The app hands in the router's navigate;
 * until then a full page load does the job.
 */
type Navigator = (to: string) => void;

let navigator: Navigator = (to) => {
  window.location.assign(appHref(to));
};

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigate(to: string): void {
  navigator(to);
}

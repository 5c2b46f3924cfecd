/** The not-found page, for a page whose record or part is not there (a project card's tab). */
export { AddressText, NOT_FOUND_TITLE, NotFoundPage, NotSharedAt } from './NotFoundPage';

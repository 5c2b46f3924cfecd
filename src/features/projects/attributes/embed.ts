/** What the Attributes tab lends the card's Overview: the profile revenue sheet. */
export { ProfileRevenue } from './ProfileRevenue';

/** What the Targets tab lends the card's Overview: the targets at a glance. */
export { TargetsGlance } from './TargetsGlance';

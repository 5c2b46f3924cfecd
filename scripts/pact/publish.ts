import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PACT_DIR } from '../../src/testing/pact/pactDir';

/**
 * `npm run pact:publish`: publishes pacts/ to a Pact Broker, version = git sha, branch = git branch.
 * Needs PACT_BROKER_BASE_URL (and PACT_BROKER_TOKEN, or PACT_BROKER_USERNAME/PASSWORD).
 * Without a broker it explains itself and does nothing.
 */
const broker = process.env.PACT_BROKER_BASE_URL;
if (!broker) {
  console.log(`No Pact Broker configured: nothing published.
To publish the pacts in ${PACT_DIR}, set PACT_BROKER_BASE_URL (and PACT_BROKER_TOKEN, or
PACT_BROKER_USERNAME and PACT_BROKER_PASSWORD) and run npm run pact:publish again.
The consumer version is the git sha, tagged with the git branch.`);
  process.exit(0);
}
if (!existsSync(PACT_DIR)) {
  console.error(`${PACT_DIR} does not exist: run npm run test:contract first.`);
  process.exit(1);
}

const git = (command: string) => execSync(`git ${command}`, { encoding: 'utf8' }).trim();
const version = git('rev-parse HEAD');
const branch = process.env.GIT_BRANCH ?? git('rev-parse --abbrev-ref HEAD');

// pact-broker CLI ships with @pact-foundation/pact-cli when installed; the standalone CLI works the same.
const command = [
  'npx --yes @pact-foundation/pact-cli@latest pact-broker publish',
  JSON.stringify(PACT_DIR),
  `--consumer-app-version ${version}`,
  `--branch ${JSON.stringify(branch)}`,
  `--broker-base-url ${JSON.stringify(broker)}`,
].join(' ');
console.log(`Publishing ${PACT_DIR} to ${broker} as ${version} on ${branch}…`);
execSync(command, { stdio: 'inherit' });

import { spawn } from 'node:child_process';

/**
 * `tsx scripts/parallel.ts lint typecheck`: runs npm scripts at the same time and fails when any
 * failed. The first one's output streams as it comes; each other one's is printed whole once it
 * ends, between two lines of the first's, so no two outputs mix. Each ends with a line saying how
 * it ended and how long it took, and the last lines sum them up.
 *
 * `npm test` runs its stages as two lanes this way (package.json): the browsers lane (the demo
 * build, the e2e run in one Playwright worker, then the static demo's e2e) keeps about one of CI's
 * two cores busy, and the checks lane (lint and types, unit, mock server, contract) takes the other.
 */
const names = process.argv.slice(2);
const started = Date.now();
/** Whether the streamed output last ended a line (a whole output may be printed only then). */
let atLineStart = true;
const waiting: string[] = [];

const write = (text: string) => {
  if (text.length === 0) return;
  process.stdout.write(text);
  atLineStart = text.endsWith('\n');
};
const flushWaiting = () => {
  while (atLineStart && waiting.length > 0) write(waiting.shift() ?? '');
};
const seconds = (from: number) => `${Math.round((Date.now() - from) / 1000)} s`;

const runs = names.map(
  (name, index) =>
    new Promise<{ name: string; code: number; took: string }>((resolve) => {
      const from = Date.now();
      const child = spawn('npm', ['run', name], { env: process.env });
      let output = '';
      const take = (chunk: Buffer) => {
        if (index > 0) {
          output += chunk.toString();
          return;
        }
        // The streamed one: whole lines at once, so a waiting output can go in between.
        output += chunk.toString();
        const end = output.lastIndexOf('\n') + 1;
        write(output.slice(0, end));
        output = output.slice(end);
        flushWaiting();
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.on('close', (exitCode) => {
        const code = exitCode ?? 1;
        const took = seconds(from);
        const ending = `\n[${name}] ${code === 0 ? 'passed' : `FAILED (exit code ${code})`} in ${took}\n`;
        if (index === 0) {
          write(output);
          if (!atLineStart) write('\n');
          write(ending);
        } else {
          waiting.push(
            `\n[${name}] output:\n${output}${output.endsWith('\n') ? '' : '\n'}${ending}`,
          );
        }
        flushWaiting();
        resolve({ name, code, took });
      });
    }),
);
const results = await Promise.all(runs);
atLineStart = true;
flushWaiting();
console.log('\nSummary:');
for (const { name, code, took } of results)
  console.log(`[${name}] ${code === 0 ? 'passed' : 'FAILED'} in ${took}`);
const failed = results.filter(({ code }) => code !== 0).map(({ name }) => name);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')} (${seconds(started)} in all)`);
  process.exit(1);
}
console.log(`All passed in ${seconds(started)}`);

import { spawn } from 'node:child_process';

/**
 * `tsx scripts/parallel.ts lint typecheck`: runs npm scripts at the same time (CI has two cores and
 * each of these uses one), prints each one's output whole once it ends, in the order given, and
 * fails when any failed.
 */
const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise<{ name: string; code: number; output: string }>((resolve) => {
      const child = spawn('npm', ['run', name], { env: process.env });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
    }),
);
const results = await Promise.all(runs);
for (const { output } of results) process.stdout.write(output);
const failed = results.filter(({ code }) => code !== 0).map(({ name }) => name);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}

/**
 * `npm run bench:load`: the mock backend under load, beside json-server 0.17 serving the same
 * records, in one run. Both run in processes of their own over a data file (the mock journals
 * every write; json-server rewrites its whole file per write), each loaded by keep-alive HTTP
 * connections from this process.
 *
 * Budget (issue 17): every list route at least as fast as json-server on the same records with
 * p99 under 100 ms at 50 connections; writes at least 500/s at 50 connections with p99 under
 * 100 ms; no error at 200 connections. `--quick` shortens every phase (CI smoke), `--seconds=N`
 * sets the length of each phase (default 5; the 200-connection phase runs 6× as long).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSeed } from '../../mock-server/seed/seed';
import { percentile } from './appServer';

const args = process.argv.slice(2);
const seconds = args.includes('--quick')
  ? 1
  : Number(args.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 5);

interface Phase {
  name: string;
  requests: number;
  errors: number;
  /** What the errors were: a status code or a client-side failure (timeout, reset), with counts. */
  errorKinds: Record<string, number>;
  perSecond: number;
  p50: number;
  p99: number;
}

interface Target {
  base: URL;
  headers: Record<string, string>;
}

function start(command: string[], ready: RegExp): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, command, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) done({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => fail(new Error(`${command.join(' ')} exited with ${code}`)));
  });
}

/** `connections` keep-alive loops send the request for `duration` ms; latencies in ms. */
async function load(
  target: Target,
  connections: number,
  duration: number,
  make: (index: number) => { method: string; path: string; body?: string },
): Promise<Omit<Phase, 'name'>> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const errorKinds: Record<string, number> = {};
  const fail = (kind: string) => {
    errors += 1;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  let sent = 0;
  const until = performance.now() + duration;
  const once = (): Promise<void> =>
    new Promise((done) => {
      const { method, path, body } = make(sent++);
      const started = performance.now();
      const req = request(
        new URL(path, target.base),
        {
          method,
          agent,
          headers: {
            ...target.headers,
            ...(body && { 'Content-Type': 'application/json' }),
          },
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if ((res.statusCode ?? 500) >= 400) fail(String(res.statusCode));
            else latencies.push(performance.now() - started);
            done();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error: NodeJS.ErrnoException) => {
        fail(error.code ?? error.message);
        done();
      });
      req.end(body);
    });
  const loop = async () => {
    while (performance.now() < until) await once();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + errors,
    errors,
    errorKinds,
    perSecond: Math.round(latencies.length / elapsed),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
  };
}

async function signIn(base: URL): Promise<Record<string, string>> {
  const res = await fetch(new URL('/api/auth/fake-auth/', base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ persona: 'admin' }),
  });
  const { access } = (await res.json()) as { access: string };
  const csrf = res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((pair) => pair.startsWith('csrftoken='))!;
  return {
    Authorization: `JWT ${access}`,
    Cookie: csrf,
    'X-CSRFToken': csrf.slice('csrftoken='.length),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'pep-load-'));
const children: ChildProcess[] = [];
try {
  mkdirSync(join(dir, 'mock'));
  const mock = await start(
    ['--import', 'tsx', resolve('mock-server/testing/fileServer.ts'), join(dir, 'mock', 'db.json')],
    /port (\d+)/,
  );
  children.push(mock.child);
  // json-server gets the same records: the seed's collections, by the same names.
  const jsonFile = join(dir, 'records.json');
  writeFileSync(jsonFile, JSON.stringify(buildSeed()));
  const jsonPort = 20_000 + Math.floor(Math.random() * 20_000);
  const json = await start(
    [
      resolve('node_modules/json-server/lib/cli/bin.js'),
      '--port',
      String(jsonPort),
      '--host',
      '127.0.0.1',
      jsonFile,
    ],
    new RegExp(`127\\.0\\.0\\.1:(${jsonPort})`),
  );
  children.push(json.child);

  const mockTarget: Target = { base: new URL(`http://127.0.0.1:${mock.port}`), headers: {} };
  mockTarget.headers = await signIn(mockTarget.base);
  const jsonTarget: Target = { base: new URL(`http://127.0.0.1:${json.port}`), headers: {} };

  const phases: (Phase & { against?: Phase; pass: boolean })[] = [];
  const ms = seconds * 1000;
  // One list page of 20 records on both sides; the mock also authenticates and checks access.
  const lists: [string, string, string][] = [
    ['checks list', '/api/polls/', '/polls?_page=1&_limit=20'],
    [
      'risk list (project 1)',
      '/api/risks/?level=project&scope=1',
      '/risks?level=project&scope.id=1&_page=1&_limit=20',
    ],
    ['people search', '/api/users/?search=a', '/people?q=a&_page=1&_limit=20'],
    ['projects', '/api/projects/', '/projects?_page=1&_limit=20'],
    ['accounts', '/api/accounts/', '/accounts?_page=1&_limit=20'],
  ];
  for (const [name, mockPath, jsonPath] of lists) {
    const ours = await load(mockTarget, 50, ms, () => ({ method: 'GET', path: mockPath }));
    const theirs = await load(jsonTarget, 50, ms, () => ({ method: 'GET', path: jsonPath }));
    phases.push({
      name,
      ...ours,
      against: { name: 'json-server', ...theirs },
      pass: ours.errors === 0 && ours.perSecond >= theirs.perSecond && ours.p99 < 100,
    });
  }
  const portfolio = await load(mockTarget, 50, ms, () => ({
    method: 'GET',
    path: '/api/portfolio/',
  }));
  phases.push({
    name: 'portfolio (no json-server match)',
    ...portfolio,
    pass: portfolio.errors === 0 && portfolio.p99 < 100,
  });

  const stat = () => ({
    method: 'POST',
    path: '/api/stats/',
    body: JSON.stringify({ data: { action: 'help_visit' } }),
  });
  const writes = await load(mockTarget, 50, ms, stat);
  const jsonWrites = await load(jsonTarget, 50, ms, () => ({
    method: 'POST',
    path: '/stats',
    body: JSON.stringify({ user_id: 1, data: { action: 'help_visit' } }),
  }));
  phases.push({
    name: 'writes (POST /api/stats/)',
    ...writes,
    against: { name: 'json-server', ...jsonWrites },
    pass: writes.errors === 0 && writes.perSecond >= 500 && writes.p99 < 100,
  });

  const mixed = await load(mockTarget, 200, ms * 6, (index) =>
    index % 4 === 0 ? stat() : { method: 'GET', path: '/api/polls/' },
  );
  phases.push({ name: '200 connections, 1 write in 4', ...mixed, pass: mixed.errors === 0 });

  const rows = phases.map((phase) => ({
    phase: phase.name,
    'req/s': phase.perSecond,
    'p50 ms': phase.p50,
    'p99 ms': phase.p99,
    errors: phase.errors
      ? `${phase.errors} (${Object.entries(phase.errorKinds)
          .map(([kind, count]) => `${kind} ×${count}`)
          .join(', ')})`
      : 0,
    'json-server req/s': phase.against?.perSecond ?? '',
    'json-server p99 ms': phase.against?.p99 ?? '',
    ratio: phase.against ? (phase.perSecond / phase.against.perSecond).toFixed(2) : '',
    budget: phase.pass ? 'met' : 'MISSED',
  }));
  console.table(rows);
  mkdirSync(resolve('scripts/bench/results'), { recursive: true });
  writeFileSync(
    resolve('scripts/bench/results/load.json'),
    `${JSON.stringify({ at: new Date().toISOString(), secondsPerPhase: seconds, phases }, null, 2)}\n`,
  );
  if (phases.some((phase) => !phase.pass)) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint gates hold: ESLint with the project's own config refuses each kind of boundary breach
 * and an a11y error (fixtures linted as if they lived where their first line says) and accepts the
 * imports the zones allow; the cycle check finds a loop. That the tree itself passes both is
 * `npm run lint`'s own job, the first step of `npm test`.
 */
const root = join(import.meta.dirname, '..', '..');
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for a fixture's code placed at `virtualPath` in the tree. */
async function lintAs(name: string, virtualPath: string): Promise<string[]> {
  const code = await readFile(fixture(name), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: join(root, virtualPath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const run = promisify(execFile);

/** Runs the `lint:cycles` script's dpdm command on other files; resolves with its exit code. */
async function cycleCheck(files: string[]): Promise<{ code: number; output: string }> {
  const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const args = (scripts['lint:cycles'] ?? '')
    .split(' ')
    .slice(1)
    .filter((arg) => !arg.startsWith("'"));
  try {
    const { stdout } = await run(join(root, 'node_modules', '.bin', 'dpdm'), [...args, ...files], {
      cwd: root,
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

describe('npm run lint', () => {
  it.each([
    ['crossFeatureDeepImport.ts', 'src/features/risks/detail/LintFixture.ts'],
    ['featureImportsStore.ts', 'src/features/risks/detail/LintFixture.ts'],
    ['sharedImportsFeature.ts', 'src/shared/lib/LintFixture.ts'],
    ['contractImportsShared.ts', 'src/api/contract/LintFixture.ts'],
    ['mockImportsFeature.ts', 'mock-server/routes/LintFixture.ts'],
    ['tabImportsOtherTab.ts', 'src/features/projects/tools/LintFixture.ts'],
    ['tabImportsCard.ts', 'src/features/projects/tools/LintFixture.ts'],
  ])('refuses %s as a zone breach', async (name, virtualPath) => {
    expect(await lintAs(name, virtualPath)).toEqual(['boundaries/dependencies']);
  });

  it.each([
    ['areaImportsApp.ts', 'boundaries/dependencies'],
    ['areaImportsRoutes.ts', 'no-restricted-imports'],
    ['areaImportsExpress.ts', 'no-restricted-imports'],
  ])('refuses %s in a mock area (the app, another area’s routes, Express)', async (name, rule) => {
    expect(await lintAs(name, 'mock-server/areas/risks/LintFixture.ts')).toEqual([rule]);
  });

  it('accepts in a mock area: lib, the store, the contract and another area’s rules', async () => {
    expect(await lintAs('areaAllowedImports.ts', 'mock-server/areas/risks/LintFixture.ts')).toEqual(
      [],
    );
  });

  it('accepts contract, app/hooks, shared, another feature’s api.ts and the shell’s areas', async () => {
    expect(await lintAs('allowedImports.ts', 'src/features/risks/detail/LintFixture.ts')).toEqual(
      [],
    );
  });

  it('accepts in a project card tab: the contract, shared, the projects API slice, the tab contract, another tab’s api.ts and embed.ts', async () => {
    expect(
      await lintAs('tabAllowedImports.ts', 'src/features/projects/tools/LintFixture.ts'),
    ).toEqual([]);
  });

  it('refuses zod imported past src/shared/ui/form/zod.ts, which runs it jitless', async () => {
    expect(await lintAs('zodImport.ts', 'src/features/risks/detail/LintFixture.ts')).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('refuses "today" taken as the UTC date outside the one clock of src/shared/lib/today.ts', async () => {
    expect(await lintAs('utcToday.ts', 'src/features/checks/LintFixture.ts')).toEqual([
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
    expect(await lintAs('utcToday.ts', 'src/shared/lib/today.ts')).toEqual([]);
  });

  it('refuses a click handler on a div without keyboard support', async () => {
    expect(await lintAs('clickableDiv.tsx', 'src/features/checks/LintFixture.tsx')).toEqual(
      expect.arrayContaining([
        'jsx-a11y-x/click-events-have-key-events',
        'jsx-a11y-x/no-static-element-interactions',
      ]),
    );
  });
});

describe('npm run lint:cycles', () => {
  it('fails on a pair of modules that import each other', async () => {
    const { code, output } = await cycleCheck(['scripts/lint/fixtures/cycle/*.ts']);
    expect(code).not.toBe(0);
    expect(output).toContain('scripts/lint/fixtures/cycle/first.ts');
  }, 60_000);
});

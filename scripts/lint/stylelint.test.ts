import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';

// The project's stylelint config, run through the Node API: no raw colour outside the tokens file.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG_FILE = join(ROOT, 'stylelint.config.js');
const TOKENS = join(ROOT, 'src/shared/ui/tokens.css');
const COMPONENT = join(ROOT, 'src/features/example/Example.module.css');
const PLAIN_SHEET = join(ROOT, 'src/features/example/example.css');

/** The rules a CSS text breaks, as if it were the file at `codeFilename`. */
async function brokenRules(code: string, codeFilename = COMPONENT): Promise<string[]> {
  const { results } = await stylelint.lint({
    code,
    codeFilename,
    configFile: CONFIG_FILE,
    cwd: ROOT,
  });
  return results.flatMap((result) => result.warnings.map((warning) => warning.rule));
}

describe('stylelint: components are CSS Modules', () => {
  it('fails on a class selector in a plain stylesheet of a feature', async () => {
    expect(await brokenRules('.risk-table { padding: 0; }', PLAIN_SHEET)).toEqual([
      'selector-max-class',
    ]);
  });

  it('passes the same rule in a CSS Module and in the global sheets of the design system', async () => {
    expect(await brokenRules('.riskTable { padding: 0; }')).toEqual([]);
    expect(
      await brokenRules(
        '.visually-hidden { position: absolute; }',
        join(ROOT, 'src/shared/ui/base.css'),
      ),
    ).toEqual([]);
  });
});

describe('stylelint: colours come from the design tokens', () => {
  it('fails on a raw hex colour outside tokens.css, naming the rule', async () => {
    expect(await brokenRules('.alert { color: #b3261e; }')).toEqual(['color-no-hex']);
    expect(await brokenRules('.alert { border: 1px solid #FFF; }')).toEqual(['color-no-hex']);
  });

  it('fails on rgb() and the other colour functions', async () => {
    expect(await brokenRules('.menu { box-shadow: 0 4px 16px rgb(0 0 0 / 12%); }')).toEqual([
      'function-disallowed-list',
    ]);
    for (const colour of [
      'rgba(0, 0, 0, 0.5)',
      'hsl(210 40% 96%)',
      'hwb(0 0% 0%)',
      'lab(50% 40 59)',
      'oklch(70% 0.1 200)',
      'color(srgb 1 0 0)',
    ]) {
      expect(await brokenRules(`.a { background: ${colour}; }`), colour).toEqual([
        'function-disallowed-list',
      ]);
    }
  });

  it('fails on a named colour', async () => {
    expect(await brokenRules('.badge { color: white; }')).toEqual(['color-named']);
    expect(await brokenRules('.badge { outline: 2px solid rebeccapurple; }')).toEqual([
      'color-named',
    ]);
  });

  it('passes tokens and the colour keywords', async () => {
    expect(await brokenRules('.alert { color: var(--color-danger); }')).toEqual([]);
    expect(
      await brokenRules(
        '.a { border: 1px solid transparent; fill: currentColor; color: inherit; box-shadow: var(--shadow-2); }',
      ),
    ).toEqual([]);
  });

  it('passes the same raw colours inside tokens.css', async () => {
    const code =
      ':root { --color-danger: #b3261e; --color-overlay: rgb(15 23 42 / 45%); --x: white; }';
    expect(await brokenRules(code, TOKENS)).toEqual([]);
  });

  it('passes on the real src/**/*.css tree', async () => {
    const { results, errored } = await stylelint.lint({
      files: 'src/**/*.css',
      configFile: CONFIG_FILE,
      cwd: ROOT,
    });
    const problems = results.flatMap((result) =>
      result.warnings.map(
        (warning) => `${relative(ROOT, result.source ?? '')}:${warning.line} ${warning.text}`,
      ),
    );
    expect(problems).toEqual([]);
    expect(errored).toBe(false);
    const files = results.map((result) => relative(ROOT, result.source ?? ''));
    expect(files).toContain('src/shared/ui/tokens.css');
    expect(files).toContain('src/shared/ui/base.css');
    expect(files.filter((file) => !file.endsWith('.module.css'))).toEqual([
      'src/shared/ui/base.css',
      'src/shared/ui/toasts.css',
      'src/shared/ui/tokens.css',
    ]);
  });

  it('uses only tokens that are declared somewhere (a typo would silently drop the colour)', async () => {
    const { results } = await stylelint.lint({
      files: 'src/**/*.css',
      configFile: CONFIG_FILE,
      cwd: ROOT,
    });
    const texts = results.map((result) => ({
      file: relative(ROOT, result.source ?? ''),
      css: readFileSync(result.source ?? '', 'utf8'),
    }));
    const declared = new Set(
      texts.flatMap(({ css }) => [...css.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1])),
    );
    const tokenName = /^--(color|space|radius|shadow|text|weight|font|leading|focus|z)\b/;
    const unknown = texts.flatMap(({ file, css }) =>
      [...css.matchAll(/var\(\s*(--[\w-]+)/g)]
        .map((match) => match[1] ?? '')
        .filter((name) => tokenName.test(name) && !declared.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});

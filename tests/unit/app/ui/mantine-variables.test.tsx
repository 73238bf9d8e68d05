import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { mantineTheme } from '../../../../src/app/ui/theme/mantine-theme';

const declarations = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe('static Mantine theme variables', () => {
  it('are the variables MantineProvider computes from the theme', () => {
    const html = renderToStaticMarkup(
      <MantineProvider theme={mantineTheme}>
        <i />
      </MantineProvider>,
    );
    const computed = [...html.matchAll(/<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('\n');
    const written = readFileSync(new URL('../../../../src/app/ui/theme/mantine-variables.css', import.meta.url), 'utf8');
    expect(declarations(written)).toEqual(declarations(computed));
    expect(declarations(written)).not.toEqual([]);
  });
});

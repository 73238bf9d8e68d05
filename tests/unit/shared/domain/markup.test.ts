import { describe, expect, it } from 'vitest';
import type { MarkupNode } from '../../../../src/shared/domain/markup';
import { markupToPlainText, parseFormatted, parseMarkup, stripMarkup } from '../../../../src/shared/domain/markup';

const text = (value: string): MarkupNode => ({ type: 'text', text: value });
const bold = (...children: MarkupNode[]): MarkupNode => ({ type: 'bold', children });
const italic = (...children: MarkupNode[]): MarkupNode => ({ type: 'italic', children });
const strike = (...children: MarkupNode[]): MarkupNode => ({ type: 'strike', children });
const code = (value: string, block = false): MarkupNode => ({ type: 'code', text: value, block });
const link = (value: string, href = value): MarkupNode => ({ type: 'link', text: value, href });

describe('parseMarkup: styles', () => {
  it.each<[string, string, MarkupNode[]]>([
    ['plain text', 'Olá, tudo bem?', [text('Olá, tudo bem?')]],
    ['bold', '*negrito*', [bold(text('negrito'))]],
    ['italic', '_itálico_', [italic(text('itálico'))]],
    ['strike', '~riscado~', [strike(text('riscado'))]],
    ['inline code', '`código`', [code('código')]],
    ['bold inside a sentence', 'o *pedido* chegou', [text('o '), bold(text('pedido')), text(' chegou')]],
    ['several words in bold', '*muito obrigado*', [bold(text('muito obrigado'))]],
    ['bold followed by punctuation', '*Oi*!', [bold(text('Oi')), text('!')]],
    ['bold inside parentheses', '(*nota*)', [text('('), bold(text('nota')), text(')')]],
    ['two bold parts', '*a* e *b*', [bold(text('a')), text(' e '), bold(text('b'))]],
    ['italic inside bold', '*_ambos_*', [bold(italic(text('ambos')))]],
    ['bold inside italic', '_um *dois* três_', [italic(text('um '), bold(text('dois')), text(' três'))]],
    ['all three nested', '~*_x_*~', [strike(bold(italic(text('x'))))]],
    ['accented letters inside', '*ação*', [bold(text('ação'))]],
    ['emoji next to markers', '👉*ok*👈', [text('👉'), bold(text('ok')), text('👈')]],
    ['a single character', '*a*', [bold(text('a'))]],
  ])('%s', (_label, input, expected) => {
    expect(parseMarkup(input)).toEqual(expected);
  });
});

describe('parseMarkup: markers that do not format, like WhatsApp', () => {
  it.each([
    ['multiplication', '2*3*4'],
    ['snake case', 'snake_case_name'],
    ['approximation in a word', 'a~b~c'],
    ['marker glued to a word after the closing one', '*a*b'],
    ['space after the opening marker', '* a*'],
    ['space before the closing marker', '*a *'],
    ['a lone marker', 'nota 5 * 3'],
    ['empty pair', '**'],
    ['empty italic', '__'],
    ['unclosed marker', '*aberto'],
    ['across a line break', '*linha\noutra*'],
    ['email with underscores', 'joao_silva_1@email.com'],
    ['inline code across a line break', '`a\nb`'],
    ['unclosed code block', '```sem fim'],
    ['empty code block', '``````'],
  ])('%s: %j stays plain', (_label, input) => {
    expect(parseMarkup(input)).toEqual([text(input)]);
  });

  it('keeps literal markers inside code', () => {
    expect(parseMarkup('`*não*`')).toEqual([code('*não*')]);
    expect(parseMarkup('use `a_b_c` aqui')).toEqual([text('use '), code('a_b_c'), text(' aqui')]);
  });

  it('does not nest a style inside itself', () => {
    expect(parseMarkup('*a *b* c*')).toEqual([bold(text('a *b')), text(' c*')]);
  });

  it('leaves an unmatched inner marker as text', () => {
    expect(parseMarkup('*2 * 3*')).toEqual([bold(text('2 * 3'))]);
  });
});

describe('parseMarkup: code blocks', () => {
  it('keeps the content, line breaks included, without parsing it', () => {
    expect(parseMarkup('```\nconst a = *b*;\n```')).toEqual([code('\nconst a = *b*;\n', true)]);
  });

  it('works inside a sentence', () => {
    expect(parseMarkup('veja: ```x = 1``` ok')).toEqual([text('veja: '), code('x = 1', true), text(' ok')]);
  });

  it('ends at the first closing fence', () => {
    expect(parseMarkup('```a``` e ```b```')).toEqual([code('a', true), text(' e '), code('b', true)]);
  });
});

describe('parseMarkup: links', () => {
  it.each<[string, string, MarkupNode[]]>([
    ['https', 'https://loja.com.br', [link('https://loja.com.br')]],
    ['http with a path and query', 'http://a.com/p?x=1&y=2#top', [link('http://a.com/p?x=1&y=2#top')]],
    ['www gets https', 'www.loja.com.br', [link('www.loja.com.br', 'https://www.loja.com.br')]],
    ['capital letters', 'HTTPS://LOJA.COM', [link('HTTPS://LOJA.COM')]],
    ['inside a sentence', 'acesse https://a.com agora', [text('acesse '), link('https://a.com'), text(' agora')]],
    ['trailing full stop', 'veja https://a.com.', [text('veja '), link('https://a.com'), text('.')]],
    ['trailing question mark and comma', 'https://a.com?, ok', [link('https://a.com'), text('?, ok')]],
    ['inside parentheses', '(https://a.com/x)', [text('('), link('https://a.com/x'), text(')')]],
    ['balanced parentheses kept', 'https://w.org/A_(b)', [link('https://w.org/A_(b)')]],
    ['underscores in the path are not italic', 'https://a.com/_x_/y', [link('https://a.com/_x_/y')]],
    ['inside bold', '*https://a.com*', [bold(link('https://a.com'))]],
    ['inside italic with underscores', '_veja https://a.com/a_b_', [italic(text('veja '), link('https://a.com/a_b'))]],
    ['two links', 'https://a.com https://b.com', [link('https://a.com'), text(' '), link('https://b.com')]],
    ['on a new line', 'site:\nwww.a.com', [text('site:\n'), link('www.a.com', 'https://www.a.com')]],
  ])('%s', (_label, input, expected) => {
    expect(parseMarkup(input)).toEqual(expected);
  });

  it.each([
    ['a bare scheme', 'https://'],
    ['a bare www', 'www.'],
    ['www glued to a word', 'xwww.a.com'],
    ['www in an email address', 'contato@www.a.com'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,oi'],
    ['an ftp URL', 'ftp://a.com'],
  ])('does not link %s', (_label, input) => {
    expect(parseMarkup(input).some((node) => node.type === 'link')).toBe(false);
  });

  it('never produces a link outside http and https', () => {
    const nodes = parseMarkup('https://a.com www.b.com http://c.com');
    for (const node of nodes) if (node.type === 'link') expect(node.href).toMatch(/^https?:\/\//i);
  });

  it('stops at characters that cannot be in a URL', () => {
    expect(parseMarkup('https://a.com/x"onclick')).toEqual([link('https://a.com/x'), text('"onclick')]);
  });
});

describe('parseMarkup: safety and edge input', () => {
  it('keeps HTML as plain text (rendering escapes it)', () => {
    expect(parseMarkup('<img src=x onerror=alert(1)>')).toEqual([text('<img src=x onerror=alert(1)>')]);
  });

  it('gives no nodes for empty input', () => {
    expect(parseMarkup('')).toEqual([]);
    expect(parseMarkup(null)).toEqual([]);
    expect(parseMarkup(undefined)).toEqual([]);
  });

  it('keeps line breaks in text', () => {
    expect(parseMarkup('a\n*b*\nc')).toEqual([text('a\n'), bold(text('b')), text('\nc')]);
  });

  it('answers a text without markers or links as the full scan does', () => {
    const pieces = ['Olá', ' ', 'pedido 123', '\n', 'ação', 'h', 'w', 'ww', 'http', 'https:', 'www', '.', '/', ':', '2x3', '@', 'é', '(', ')'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 2000; n++) {
      const sample = Array.from({ length: 1 + (next() % 12) }, () => pieces[next() % pieces.length]).join('');
      expect(parseMarkup(sample)).toEqual(parseFormatted(sample));
    }
    expect(parseMarkup('veja www.loja.com.br')).toEqual([text('veja '), link('www.loja.com.br', 'https://www.loja.com.br')]);
    expect(parseMarkup('HTTPS://loja.com')).toEqual(parseFormatted('HTTPS://loja.com'));
  });

  it('handles long hostile input quickly', () => {
    const unclosed = '*a _b ~c `d '.repeat(2000);
    const started = performance.now();
    expect(parseMarkup(unclosed)).toEqual([text(unclosed)]);
    const nested = '*_~x~_* '.repeat(2000) + 'https://a.com/'.repeat(500);
    expect(stripMarkup(nested)).toBe('x '.repeat(2000) + 'https://a.com/'.repeat(500));
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('stripMarkup', () => {
  it.each([
    ['*Pedido* _confirmado_ ~ontem~ `123`', 'Pedido confirmado ontem 123'],
    ['```bloco```', 'bloco'],
    ['*_~tudo~_*', 'tudo'],
    ['2*3*4 snake_case', '2*3*4 snake_case'],
    ['veja www.a.com', 'veja www.a.com'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(stripMarkup(input)).toBe(expected);
  });

  it('handles a missing text', () => {
    expect(stripMarkup(null)).toBe('');
  });

  it('flattens a parsed tree, keeping link and code text', () => {
    expect(markupToPlainText([bold(text('a '), link('www.b.com', 'https://www.b.com')), code('c', true)])).toBe('a www.b.comc');
    expect(markupToPlainText([])).toBe('');
  });
});

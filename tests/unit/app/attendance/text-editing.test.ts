import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../../src/shared/domain/messages';
import {
  filterQuickAnswers,
  insertText,
  slashTokenAt,
  toggleFormat,
} from '../../../../src/app/features/attendance/composer/text-editing';

describe('toggleFormat', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(toggleFormat('olá mundo', 4, 9, '*')).toEqual({ text: 'olá *mundo*', selectionStart: 5, selectionEnd: 10 });
  });
  it('leaves edge spaces outside the markers, as WhatsApp needs', () => {
    expect(toggleFormat('olá mundo ', 3, 10, '_').text).toBe('olá _mundo_ ');
  });
  it('unwraps an already formatted selection', () => {
    expect(toggleFormat('olá *mundo*', 5, 10, '*').text).toBe('olá mundo');
    expect(toggleFormat('olá *mundo*', 4, 11, '*').text).toBe('olá mundo');
  });
  it('inserts an empty pair with the caret inside when nothing is selected', () => {
    expect(toggleFormat('oi ', 3, 3, '~')).toEqual({ text: 'oi ~~', selectionStart: 4, selectionEnd: 4 });
  });
});

describe('insertText', () => {
  it('replaces the selection and puts the caret after the insert', () => {
    expect(insertText('bom dia', 4, 7, 'tarde 😀')).toEqual({ text: 'bom tarde 😀', selectionStart: 12, selectionEnd: 12 });
  });
});

describe('slashTokenAt', () => {
  it('opens quick answers for a slash at the start or after a space', () => {
    expect(slashTokenAt('/ent', 4)).toEqual({ query: 'ent', from: 0, to: 4 });
    expect(slashTokenAt('oi /', 4)).toEqual({ query: '', from: 3, to: 4 });
  });
  it('ignores slashes inside words, dates and links', () => {
    expect(slashTokenAt('10/03', 5)).toBeNull();
    expect(slashTokenAt('https://x.com/a', 15)).toBeNull();
    expect(slashTokenAt('/ent trega', 10)).toBeNull();
  });
});

describe('filterQuickAnswers', () => {
  const answers = [
    { id: 1, shortcut: 'entrega', message: 'Seu pedido sai hoje' },
    { id: 2, shortcut: 'pix', message: 'Chave pix: loja@exemplo.com, entrega grátis' },
    { id: 3, shortcut: 'promocao', message: 'Promoção da semana' },
  ];
  it('matches shortcuts first, then text, ignoring accents', () => {
    expect(filterQuickAnswers(answers, 'entrega', foldForSearch).map((a) => a.id)).toEqual([1, 2]);
    expect(filterQuickAnswers(answers, 'promoção', foldForSearch).map((a) => a.id)).toEqual([3]);
    expect(filterQuickAnswers(answers, '', foldForSearch)).toHaveLength(3);
  });
});

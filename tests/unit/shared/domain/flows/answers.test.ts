import { describe, expect, it } from 'vitest';
import { acceptAnswer, isValidCpf, matchOption, numberedList, parseBrazilianNumber, questionText } from '../../../../../src/shared/domain/flows/answers';

describe('flow answers', () => {
  it('validates CPFs by their check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('123')).toBe(false);
  });

  it('reads numbers as typed in Brazil', () => {
    expect(parseBrazilianNumber('1.234,5')).toBe(1234.5);
    expect(parseBrazilianNumber('12')).toBe(12);
    expect(parseBrazilianNumber('-3,75')).toBe(-3.75);
    expect(parseBrazilianNumber('1.000')).toBe(1000);
    expect(parseBrazilianNumber('doze')).toBeNull();
  });

  it('matches an option by number, text or both, ignoring case and accents', () => {
    const options = ['Vendas', 'Suporte técnico'];
    expect(matchOption('2', options)).toBe(1);
    expect(matchOption(' suporte tecnico ', options)).toBe(1);
    expect(matchOption('1 - Vendas', options)).toBe(0);
    expect(matchOption('3', options)).toBeNull();
    expect(matchOption('financeiro', options)).toBeNull();
  });

  it('accepts an answer only when it fits the kind, storing its normal form', () => {
    expect(acceptAnswer('email', ' Maria@Loja.com ', [])).toBe('maria@loja.com');
    expect(acceptAnswer('email', 'maria@', [])).toBeNull();
    expect(acceptAnswer('cpf', '529.982.247-25', [])).toBe('52998224725');
    expect(acceptAnswer('number', '2,5', [])).toBe('2.5');
    expect(acceptAnswer('option', '1', ['Vendas', 'Suporte'])).toBe('Vendas');
    expect(acceptAnswer('text', '   ', [])).toBeNull();
  });

  it('lists numbered options under an option question', () => {
    expect(questionText('Com quem?', 'option', ['Vendas', 'Suporte'])).toBe('Com quem?\n\n1 - Vendas\n2 - Suporte');
    expect(questionText('Seu nome?', 'text', [])).toBe('Seu nome?');
  });

  it('numbers the list of a message under its text, and leaves a text without a list alone', () => {
    expect(numberedList('Horários:', ['Seg a sex', 'Sábado'])).toBe('Horários:\n\n1 - Seg a sex\n2 - Sábado');
    expect(numberedList('Olá!', [])).toBe('Olá!');
  });
});

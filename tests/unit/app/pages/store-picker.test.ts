import { describe, expect, it } from 'vitest';
import { storeSlugOf } from '../../../../src/app/features/pages/store-picker';

describe('storeSlugOf: what the user types as their store becomes its address segment', () => {
  it('takes a name, a path or a pasted address', () => {
    expect(storeSlugOf('demo')).toBe('demo');
    expect(storeSlugOf('  Demo ')).toBe('demo');
    expect(storeSlugOf('Loja São João')).toBe('loja-sao-joao');
    expect(storeSlugOf('/minha-loja/login')).toBe('minha-loja');
    expect(storeSlugOf('http://localhost:3000/demo/chat/attendance')).toBe('demo');
  });

  it('gives nothing for nothing', () => {
    expect(storeSlugOf('   ')).toBe('');
    expect(storeSlugOf('http://localhost:3000/')).toBe('');
  });
});

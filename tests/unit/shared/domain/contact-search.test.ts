import { describe, expect, it } from 'vitest';
import { likeContains, parseContactSearch } from '../../../../src/shared/domain/contact-search';

describe('parseContactSearch', () => {
  it('reads letters as a name search, lower-cased', () => {
    expect(parseContactSearch('  Maria Souza ')).toEqual({ text: 'maria souza', digits: '', phones: [] });
  });

  it('reads a complete number in any format as its stored forms, the ninth-digit twin included', () => {
    expect(parseContactSearch('+55 (11) 98765-4321')).toEqual({ text: '', digits: '5511987654321', phones: ['5511987654321', '551187654321'] });
    expect(parseContactSearch('11 8765-4321')?.phones).toEqual(['551187654321', '5511987654321']);
  });

  it('keeps partial digits as a contains search only', () => {
    expect(parseContactSearch('4321')).toEqual({ text: '', digits: '4321', phones: [] });
    expect(parseContactSearch('123.456.789-00')).toMatchObject({ digits: '12345678900' });
  });

  it('ignores an empty search', () => {
    expect(parseContactSearch('   ')).toBeNull();
    expect(parseContactSearch(null)).toBeNull();
  });

  it("escapes LIKE's wildcards", () => {
    expect(likeContains('100%_a')).toBe('%100\\%\\_a%');
  });
});

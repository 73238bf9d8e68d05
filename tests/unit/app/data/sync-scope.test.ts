import { describe, expect, it } from 'vitest';
import { scopeSeesEveryTicket } from '../../../../src/app/data/replication/sync-scope';

describe('the scope of the local data', () => {
  it('sees every ticket only for an administrador who may use the connection', () => {
    expect(scopeSeesEveryTicket('["administrador",null,true]')).toBe(true);
    expect(scopeSeesEveryTicket('["administrador","3",true]')).toBe(true);
    expect(scopeSeesEveryTicket('["administrador",null,false]')).toBe(false);
    expect(scopeSeesEveryTicket('["atendente","3",true]')).toBe(false);
    expect(scopeSeesEveryTicket('["atendente",null,true]')).toBe(false);
    expect(scopeSeesEveryTicket(null)).toBe(false);
    expect(scopeSeesEveryTicket('administrador')).toBe(false);
    expect(scopeSeesEveryTicket('{"0":"administrador","2":true}')).toBe(false);
  });
});

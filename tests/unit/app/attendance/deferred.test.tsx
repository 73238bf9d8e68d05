import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { deferred } from '../../../../src/app/features/attendance/ui/deferred';

const Greeting = ({ name }: { name: string }) => <p>Olá, {name}</p>;

describe('deferred components', () => {
  it('shows the fallback until the code is there, then renders at once without suspending', async () => {
    let loads = 0;
    const { Component, preload } = deferred(
      async () => {
        loads += 1;
        return Greeting;
      },
      <span>carregando</span>,
    );
    expect(renderToStaticMarkup(<Component name="Rita" />)).toBe('<span>carregando</span>');
    await preload();
    await preload();
    expect(renderToStaticMarkup(<Component name="Rita" />)).toBe('<p>Olá, Rita</p>');
    expect(loads).toBe(1);
  });

  it('loads again after a failed load', async () => {
    let attempt = 0;
    const { Component, preload } = deferred(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return Greeting;
    });
    await expect(preload()).rejects.toThrow('offline');
    expect(renderToStaticMarkup(<Component name="Ana" />)).toBe('');
    await preload();
    expect(renderToStaticMarkup(<Component name="Ana" />)).toBe('<p>Olá, Ana</p>');
  });
});

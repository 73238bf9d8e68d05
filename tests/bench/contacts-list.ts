/**
 * Contacts list speed (issue 14 §8), run by `npm run bench -- contacts`: with 100,000 contacts on
 * the real server (embedded PGlite, or DATABASE_URL), in headless Chromium at 1024×768, it prints
 * the time from navigation to the first page of customers/list painted, the time from a search
 * committed (Enter) to its answer painted, and a jump to the middle of the list; beside them the
 * server's own time for the same reads. As a comparison it times the blocklist screen, which pages
 * a third of those contacts with mantine-datatable's own paging (20 rows a page), the other way
 * DESIGN §5a allows for long lists.
 *
 *   npx tsx tests/bench/contacts-list.ts [contacts]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../../src/server/main';

const CONTACTS = Number(process.argv[2] ?? 100_000);
const RUNS = 5;
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Larissa', 'Marcos', 'Natália', 'Otávio', 'Paula', 'Rafael'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Pereira', 'Lima', 'Costa', 'Ferreira', 'Almeida', 'Ribeiro', 'Carvalho', 'Gomes', 'Martins', 'Rocha'];

async function seed(server: Awaited<ReturnType<typeof startServer>>): Promise<{ seconds: number; tenantId: number }> {
  const tenant = await server.database.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const started = performance.now();
  const first = `array[${FIRST.map((n) => `'${n}'`).join(',')}]`;
  const last = `array[${LAST.map((n) => `'${n}'`).join(',')}]`;
  await server.database.withTenant(tenant.id, (tx) =>
    sql`insert into customers (tenant_id, name, phone_number, document_register, is_blacklisted_campaign, blacklisted_campaign_at)
      select ${tenant.id},
        (${sql.raw(first)})[1 + g % ${FIRST.length}] || ' ' || (${sql.raw(last)})[1 + (g / 16) % ${LAST.length}] || ' ' || g,
        '55' || (11 + g % 89)::text || '9' || (60000000 + g)::text,
        lpad((g * 7919)::text, 11, '0'),
        g % 3 = 0, case when g % 3 = 0 then now() - (g || ' seconds')::interval end
      from generate_series(1, ${CONTACTS}) g`.execute(tx),
  );
  await sql`analyze customers`.execute(server.database.db);
  return { seconds: (performance.now() - started) / 1000, tenantId: tenant.id };
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/demo/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@demo.local');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Pedbot@demo1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
}

/** Milliseconds until `ready` holds after `act`. */
async function time(act: () => Promise<unknown>, ready: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await act();
  await ready();
  return performance.now() - started;
}

async function main(): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('building dist/ (vite build)…');
    const built = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'ignore' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-bench-contacts-'));
  const server = await startServer({ port: 0, demo: true, quiet: true, config: { dataDir, staticDir: dist, logLevel: 'silent', argon2MemoryKib: 1024, argon2TimeCost: 2 } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  try {
    const seeded = await seed(server);
    console.log(`seeded ${CONTACTS.toLocaleString('en')} contacts in ${seeded.seconds.toFixed(1)} s; load ${loadavg()[0]?.toFixed(2)}`);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 768 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await signIn(page);
    const token = await page.evaluate(() => {
      for (const store of [sessionStorage, localStorage]) {
        for (let i = 0; i < store.length; i += 1) {
          const value = store.getItem(store.key(i) ?? '') ?? '';
          const match = /"token":"([^"]+)"/.exec(value);
          if (match) return match[1];
        }
      }
      return null;
    });

    const serverRead = async (filter: Record<string, unknown>, offset = 0) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/demo/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: 'query ($f: ContactFilter, $o: Int) { contacts(filter: $f, offset: $o, limit: 100) { total items { id name phone_number } } }', variables: { f: filter, o: offset } }),
      });
      const body = (await response.json()) as { data?: { contacts: { total: number } } };
      if (!body.data) throw new Error(`contacts failed: ${JSON.stringify(body)}`);
      return performance.now() - started;
    };

    const grid = page.getByRole('grid', { name: 'Contatos' });
    const firstRow = grid.getByRole('row').nth(1).getByRole('gridcell').nth(1);
    const searchBox = page.getByRole('searchbox', { name: 'Buscar contato' });
    // Contact g is named FIRST[g % 16] LAST[(g / 16) % 14] g, with phone 55 + DDD (11 + g % 89) + 9 + (60000000 + g).
    const ddd = 11 + (54321 % 89);
    const searches: Array<[string, string, RegExp]> = [
      ['name (contains)', 'souza 244', /Souza 244/],
      ['phone, another format', `(${ddd}) 96005-4321`, /96005-4321/],
      ['phone without the ninth digit', `+55 ${ddd} 6005-4321`, /96005-4321/],
      ['document digits', String(77777 * 7919).padStart(11, '0'), / 77777/],
    ];

    const virtualFirst: number[] = [];
    const jumps: number[] = [];
    const searchTimes = new Map<string, number[]>();
    for (let run = 0; run < RUNS; run += 1) {
      virtualFirst.push(await time(() => page.goto('/demo/customers/list'), () => firstRow.waitFor()));
      const scroller = page.getByTestId('contacts-scroller');
      jumps.push(
        await time(
          () => scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 })),
          () => page.waitForFunction(() => document.querySelectorAll('[role=grid] [role=row][aria-busy=true]').length === 0 && document.querySelectorAll('[role=grid] [role=row]').length > 2),
        ),
      );
      for (const [label, text, expected] of searches) {
        const taken = await time(
          async () => {
            await searchBox.fill(text);
            await searchBox.press('Enter');
          },
          () => grid.getByRole('row').filter({ hasText: expected }).first().waitFor(),
        );
        searchTimes.set(label, [...(searchTimes.get(label) ?? []), taken]);
        await searchBox.fill('');
        await searchBox.press('Enter');
      }
    }

    const tableFirst: number[] = [];
    const tableNext: number[] = [];
    const tableSearch: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const firstCell = page.getByRole('table').getByRole('row').nth(1);
      tableFirst.push(await time(() => page.goto('/demo/numbers-blacklist/list?kind=campaign'), () => firstCell.waitFor()));
      const before = await firstCell.innerText();
      tableNext.push(
        await time(
          () => page.getByRole('button', { name: 'Próxima página' }).click(),
          () => page.waitForFunction((text) => document.querySelector('table tbody tr')?.textContent !== text, before.replace(/\s+/g, '')),
        ),
      );
      const search = page.getByRole('searchbox', { name: 'Buscar número ou nome' });
      tableSearch.push(
        await time(
          async () => {
            await search.fill('souza 244');
            await search.press('Enter');
          },
          () => page.getByRole('table').getByRole('row').filter({ hasText: /Souza 244/ }).first().waitFor(),
        ),
      );
    }

    const serverFirst: number[] = [];
    const serverMiddle: number[] = [];
    const serverSearch: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      serverFirst.push(await serverRead({ sort: 'name' }));
      serverMiddle.push(await serverRead({ sort: 'name' }, Math.floor(CONTACTS / 2)));
      serverSearch.push(await serverRead({ search: 'souza 244' }));
    }

    console.log(`\ncontacts list, ${CONTACTS.toLocaleString('en')} contacts, Chromium 1024×768, median of ${RUNS}:`);
    console.log(`  virtual list (customers/list)   first page painted      ${ms(median(virtualFirst))}`);
    console.log(`                                  jump to the middle      ${ms(median(jumps))}`);
    for (const [label] of searches) console.log(`                                  search: ${label.padEnd(30)}${ms(median(searchTimes.get(label) ?? []))}`);
    console.log(`  datatable paging (blocklist, ${Math.floor(CONTACTS / 3).toLocaleString('en')} rows)`);
    console.log(`                                  first page painted      ${ms(median(tableFirst))}`);
    console.log(`                                  next page               ${ms(median(tableNext))}`);
    console.log(`                                  search: name (contains)        ${ms(median(tableSearch))}`);
    console.log(`  server only (contacts, 100 rows) first page            ${ms(median(serverFirst))}`);
    console.log(`                                  page at the middle      ${ms(median(serverMiddle))}`);
    console.log(`                                  name search             ${ms(median(serverSearch))}`);
  } finally {
    await browser.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

// Platform administrators manage stores (tenants), on the same DATABASE_URL / DATA_DIR as the server
// (with the embedded database, stop the server first):
//   npm run tenant -- create <slug> --name "<store name>" --admin <email> --password <password>
//   npm run tenant -- list
//   npm run tenant -- disable <slug>      (enable <slug> turns it back on)
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createPasswordHasher } from '../modules/auth/passwords';
import { createStore, listStores, setStoreDisabled, TenantAdminError } from '../modules/tenants/tenant-admin';

const USAGE = [
  'uso:',
  '  npm run tenant -- create <endereço> --name "<nome da loja>" --admin <e-mail> --password <senha>',
  '  npm run tenant -- list',
  '  npm run tenant -- disable <endereço>',
  '  npm run tenant -- enable <endereço>',
].join('\n');

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, admin: { type: 'string' }, password: { type: 'string' } },
});
const [command, slug] = positionals;
if (!command || !['create', 'list', 'disable', 'enable'].includes(command) || (command !== 'list' && !slug)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
if (!config.databaseUrl) await mkdir(config.pgliteDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  if (command === 'create') {
    const store = await createStore(database, createPasswordHasher(config), {
      slug: slug ?? '',
      name: values.name ?? '',
      adminEmail: values.admin ?? '',
      adminPassword: values.password ?? '',
    });
    console.log(`Loja criada: ${config.publicUrl}/${store.slug}`);
    console.log(`Administrador: ${values.admin?.trim().toLowerCase()} (perfil administrador)`);
  } else if (command === 'list') {
    for (const store of await listStores(database)) {
      const state = store.disabled_at ? `desativada em ${store.disabled_at.toISOString()}` : 'ativa';
      console.log(`${store.slug.padEnd(24)} ${store.name.padEnd(32)} ${state}  ${config.publicUrl}/${store.slug}`);
    }
  } else {
    await setStoreDisabled(database, slug ?? '', command === 'disable');
    console.log(command === 'disable' ? `Loja ${slug} desativada.` : `Loja ${slug} ativada.`);
  }
} catch (error) {
  if (!(error instanceof TenantAdminError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}

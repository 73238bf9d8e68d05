import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { SEALED_PREFIX, SecretKeyError, type SecretBox } from './secret-box';

/** Every column that keeps a secret the server must read back: sealed at rest (security/secret-box). */
export const SEALED_COLUMNS = [
  { table: 'instances', column: 'official_token' },
  { table: 'users', column: 'google2fa_secret' },
  { table: 'users', column: 'google2fa_pending_secret' },
] as const;

const plaintextIn = (column: string) => sql`${sql.ref(column)} is not null and ${sql.ref(column)} not like ${`${SEALED_PREFIX}%`}`;

/**
 * Refuses to start when stored secrets were sealed with another key (a changed DATA_ENCRYPTION_KEY, a lost
 * DATA_DIR/data-encryption-key, or a second server with its own key on the same database): running on would
 * fail every Cloud API send and two-factor sign-in, and mixing keys would leave rows nobody can open.
 */
export async function assertStoredSecretsKey(database: Database, secrets: SecretBox): Promise<void> {
  for (const { table, column } of SEALED_COLUMNS) {
    const { rows } = await database.asOwner((db) =>
      sql<{ value: string }>`select ${sql.ref(column)} as value from ${sql.table(table)}
        where ${sql.ref(column)} like ${`${SEALED_PREFIX}%`} and ${sql.ref(column)} not like ${`${SEALED_PREFIX}${secrets.keyId}:%`}
        limit 1`.execute(db),
    );
    const other = rows[0]?.value.slice(SEALED_PREFIX.length).split(':')[0];
    if (other !== undefined) {
      throw new SecretKeyError(
        `Os segredos gravados (${table}.${column}) foram cifrados com outra chave (${other}); a chave atual é ${secrets.keyId}. ` +
          'Use a mesma DATA_ENCRYPTION_KEY (ou o arquivo DATA_DIR/data-encryption-key) de antes; todos os servidores do mesmo banco precisam da mesma. / ' +
          `Stored secrets (${table}.${column}) were encrypted with another key (${other}); the current key is ${secrets.keyId}. ` +
          'Start with the previous DATA_ENCRYPTION_KEY (or DATA_DIR/data-encryption-key file); every server on one database needs the same key.',
      );
    }
  }
}

/**
 * Seals the secrets written in plaintext before encryption at rest existed. Idempotent and safe with
 * servers starting together: only plaintext rows are read, and each is replaced only while it still holds
 * the value read. Tenants are found as the owner (the one cross-tenant look); each is then changed in its
 * own row-level-security scope. Returns how many values were sealed.
 */
export async function sealPlaintextSecrets(database: Database, secrets: SecretBox): Promise<number> {
  const { rows: tenants } = await database.asOwner((db) =>
    sql<{ tenant_id: number }>`${sql.join(
      SEALED_COLUMNS.map(({ table, column }) => sql`select tenant_id from ${sql.table(table)} where ${plaintextIn(column)}`),
      sql` union `,
    )}`.execute(db),
  );
  let sealed = 0;
  for (const { tenant_id: tenantId } of tenants) {
    sealed += await database.withTenant(Number(tenantId), async (tx) => {
      let count = 0;
      for (const { table, column } of SEALED_COLUMNS) {
        const { rows } = await sql<{ id: number; value: string }>`select id, ${sql.ref(column)} as value from ${sql.table(table)}
          where tenant_id = ${tenantId} and ${plaintextIn(column)}`.execute(tx);
        for (const row of rows) {
          const result = await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${secrets.seal(row.value)}
            where tenant_id = ${tenantId} and id = ${row.id} and ${sql.ref(column)} = ${row.value}`.execute(tx);
          count += Number(result.numAffectedRows ?? 0n);
        }
      }
      return count;
    });
  }
  return sealed;
}

/** The start-up step after migrations: the key must open what is stored, and nothing stays in plaintext. */
export async function prepareStoredSecrets(database: Database, secrets: SecretBox, logger: Logger): Promise<void> {
  try {
    await assertStoredSecretsKey(database, secrets);
  } catch (error) {
    logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
    throw error;
  }
  const sealed = await sealPlaintextSecrets(database, secrets);
  if (sealed > 0) logger.info({ sealed }, `segredos gravados em texto puro cifrados / plaintext stored secrets encrypted: ${sealed}`);
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startServer } from '../../../src/server/main';
import type { RunningServer } from '../../../src/server/main';
import { FakeCloudApi } from '../../helpers/fake-cloud-api';
import { TEST_PHONE_NUMBER_ID, TEST_WABA_ID } from '../../helpers/cloud-api-fixtures';

export const DEMO_CONNECTION = 'WhatsApp Loja Demo';

export interface CloudApiServer {
  server: RunningServer;
  cloudApi: FakeCloudApi;
  /** The id of the demo tenant's sandbox connection. */
  demoId: string;
  close(): Promise<void>;
}

/**
 * A server of its own (the demo tenant on a fresh embedded database, serving dist/, the Graph API answered by
 * the local fake), for browser tests that take the demo connection down or talk to the Cloud API and must leave
 * the shared server of global-setup untouched.
 */
export async function startCloudApiServer(): Promise<CloudApiServer> {
  const cloudApi = await new FakeCloudApi().start();
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-e2e-cloud-api-'));
  const server = await startServer({
    port: 0,
    demo: true,
    quiet: true,
    config: {
      dataDir,
      staticDir: fileURLToPath(new URL('../../../dist', import.meta.url)),
      cloudApiBaseUrl: cloudApi.baseUrl,
      logLevel: 'warn',
    },
  });
  const listed = (await (await fetch(`${server.url}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number; name: string }> };
  return {
    server,
    cloudApi,
    demoId: String(listed.instances.find((i) => i.name === DEMO_CONNECTION)?.id),
    close: async () => {
      await server.close();
      await cloudApi.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Cloud API connection up and running on the fake Graph API, through the build screen. */
export async function createConnectedCloudApi(page: Page, name: string): Promise<void> {
  await page.goto('/demo/instances/list/choose-instance');
  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await page.getByRole('textbox', { name: 'Nome da nova conexão' }).fill(name);
  await page.getByText('API oficial', { exact: true }).click();
  await page.getByRole('button', { name: 'Criar conexão' }).click();
  await page.getByRole('textbox', { name: 'ID do número na Meta' }).fill(TEST_PHONE_NUMBER_ID);
  await page.getByRole('textbox', { name: 'ID da conta do WhatsApp Business' }).fill(TEST_WABA_ID);
  await page.getByLabel('Token de acesso da Meta').fill('TEST_TOKEN');
  await page.getByRole('button', { name: 'Conectar', exact: true }).click();
  await page.getByText(`A conexão ${name} está conectada.`).waitFor();
}

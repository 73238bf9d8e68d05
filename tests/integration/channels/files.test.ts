import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOtherTenant } from '../../helpers/other-tenant';
import { openChannelServer, type ChannelServer } from './support/channel-server';

describe('media files (/api/file)', () => {
  let s: ChannelServer;
  let otherToken: string;
  beforeAll(async () => {
    s = await openChannelServer();
    await seedOtherTenant(s.server);
    otherToken = (await s.server.signIn('outra', 'admin@outra.test', 'Pedbot@outra1')).token;
  });
  afterAll(() => s?.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  async function upload(bytes: Buffer, type: string) {
    const response = await s.server.app.fastify.inject({ method: 'POST', url: '/api/file/upload', headers: { ...bearer(s.adminToken), 'content-type': type }, payload: bytes });
    return { status: response.statusCode, body: response.json<{ file: string; url: string; mimetype: string; size: number }>() };
  }

  it('stores an upload and serves it only to signed-in users of the same tenant', async () => {
    const { status, body } = await upload(Buffer.from('%PDF-1.4 teste'), 'application/pdf');
    expect(status).toBe(201);
    expect(body).toMatchObject({ mimetype: 'application/pdf', size: 14 });
    expect(body.url).toBe(`/api/file/${body.file}`);
    const ok = await s.inject('GET', body.url, undefined, bearer(s.adminToken));
    expect(ok).toMatchObject({ status: 200, body: '%PDF-1.4 teste' });
    expect((await s.inject('GET', body.url)).status).toBe(401);
    expect((await s.inject('GET', body.url, undefined, bearer('not-a-token'))).status).toBe(401);
    expect((await s.inject('GET', body.url, undefined, bearer(otherToken))).status).toBe(404);
  });

  it('opens a file by a short-lived signed link for <img> tags, for that file of that tenant only', async () => {
    const { body } = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const link = await s.server.gql<{ fileUrl: string }>('demo', 'query ($f: String!) { fileUrl(file: $f) }', { f: body.url }, s.adminToken);
    const url = link.data!.fileUrl;
    expect(url).toMatch(new RegExp(`^/api/file/${body.file}\\?t=\\d+&e=\\d+&s=`));
    expect((await s.inject('GET', url)).status).toBe(200);
    expect((await s.inject('GET', url.replace(/s=[^&]+/, 's=forjada'))).status).toBe(403);
    const { body: other } = await upload(Buffer.from('outro'), 'text/plain');
    expect((await s.inject('GET', url.replace(body.file, other.file))).status).toBe(403);
  });

  it('deletes with the bearer token (SPEC §7): another tenant cannot, the owner can once', async () => {
    const { body } = await upload(Buffer.from('apagar'), 'text/plain');
    const path = `/api/file/delete/${body.file}`;
    expect((await s.inject('DELETE', path)).status).toBe(401);
    expect((await s.inject('DELETE', path, undefined, bearer(otherToken))).status).toBe(404);
    expect((await s.inject('DELETE', path, undefined, bearer(s.adminToken))).json).toEqual({ deleted: true });
    expect((await s.inject('DELETE', path, undefined, bearer(s.adminToken))).status).toBe(404);
    expect((await s.inject('GET', body.url, undefined, bearer(s.adminToken))).status).toBe(404);
  });

  it('rejects names that could escape the media folder', async () => {
    for (const name of ['..%2F..%2Fjwt-secret', '..', 'a.b.c']) {
      expect((await s.inject('GET', `/api/file/${name}`, undefined, bearer(s.adminToken))).status).toBe(404);
    }
  });
});

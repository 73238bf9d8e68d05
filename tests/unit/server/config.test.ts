import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { sandboxBannerLine } from '../../../src/server/main';

describe('loadConfig', () => {
  it('has safe defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      redisUrl: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      refreshTokenSessionTtlDays: 1,
      loginMaxAttempts: 5,
      loginLockMinutes: 30,
      argon2MemoryKib: 19_456,
      argon2TimeCost: 2,
      mailFrom: 'PedBot <nao-responda@pedbot.local>',
      publicUrl: 'http://localhost:3000',
      whatsappStatus: 'true',
      maintenanceStatus: 'false',
      sandboxEnabled: true,
      cloudApiBaseUrl: 'https://graph.facebook.com/v23.0',
      logLevel: 'info',
      demo: false,
    });
    expect(config.pgliteDir).toBe(join(config.dataDir, 'pglite'));
    expect(config.mediaDir).toBe(join(config.dataDir, 'media'));
  });

  it('reads the environment and lets overrides win', () => {
    const config = loadConfig(
      { PORT: '8080', DATA_DIR: '/srv/pedbot', DATABASE_URL: 'postgres://db/pedbot', SANDBOX_ENABLED: 'false', PEDBOT_DEMO: 'true', SMTP_URL: '' },
      { loginMaxAttempts: 3 },
    );
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      pgliteDir: '/srv/pedbot/pglite',
      databaseUrl: 'postgres://db/pedbot',
      sandboxEnabled: false,
      demo: true,
      smtpUrl: undefined,
      loginMaxAttempts: 3,
    });
    expect(loadConfig({}, { dataDir: '/tmp/x' }).mediaDir).toBe('/tmp/x/media');
  });

  it('turns the public sandbox off in production unless SANDBOX_ENABLED=true says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, sandboxEnabled: false });
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX_ENABLED: 'true' }).sandboxEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ production: false, sandboxEnabled: true });
    expect(loadConfig({ SANDBOX_ENABLED: 'false' }).sandboxEnabled).toBe(false);
  });

  it('says in the start banner when the sandbox is on, loudly in production', () => {
    const url = 'http://localhost:3000';
    expect(sandboxBannerLine(loadConfig({ NODE_ENV: 'production' }), url)).toBeNull();
    expect(sandboxBannerLine(loadConfig({}), url)).toBe('Sandbox do WhatsApp ativo (ferramenta de teste; SANDBOX_ENABLED=false desliga): http://localhost:3000/sandbox');
    expect(sandboxBannerLine(loadConfig({ NODE_ENV: 'production', SANDBOX_ENABLED: 'true' }), url)).toContain('ATIVO EM PRODUÇÃO');
  });

  it('refuses malformed values', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow();
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow();
  });
});

import { Redis } from 'ioredis';

/** The Redis server pub/sub tests use when it answers (.ci/run starts the machine's one when installed). */
export const testRedisUrl = process.env.PEDBOT_TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisAnswers(url = testRedisUrl): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 500 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

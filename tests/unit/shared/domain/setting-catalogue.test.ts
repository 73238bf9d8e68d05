import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_DEFINITIONS } from '../../../../src/shared/domain/feature-flags';
import { FEATURES } from '../../../../src/shared/domain/routes';
import { SETTING_DEFINITIONS } from '../../../../src/shared/domain/setting-keys';

const SRC = new URL('../../../../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('generated.ts') ? [path] : [];
  });
}

/** The tenant setting keys the code reads: the server's effectiveValue and constants, the client's useSettingValue. */
function keysRead(): Map<string, string> {
  const read = new Map<string, string>();
  const patterns = [/effectiveValue\([^;\n]*?'([a-z_]+)'\)/g, /useSettingValue\('([a-z_]+)'/g, /_SETTING(?:_KEY)? = '([a-z_]+)'/g, /_SCALE_KEY = '([a-z_]+)'/g];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) read.set(match[1]!, file.slice(SRC.length));
  }
  return read;
}

/** issue 14 §4: configs/dynamic-settings (or a screen of its own) offers every setting the product reads. */
describe('the settings catalogue', () => {
  it('lists every tenant setting key the server or the client reads, with a pt-BR label and help', () => {
    const read = keysRead();
    expect(read.size).toBeGreaterThanOrEqual(8);
    const listed = new Set(SETTING_DEFINITIONS.map((d) => d.key));
    expect([...read.keys()].filter((key) => !listed.has(key))).toEqual([]);
    for (const d of SETTING_DEFINITIONS) {
      expect(d.label.length, d.key).toBeGreaterThan(3);
      expect(d.help.length, d.key).toBeGreaterThan(10);
    }
  });

  it('lists every feature flag that gates a route, so each can be switched on configs/dynamic-settings', () => {
    expect(FEATURE_DEFINITIONS.map((d) => d.name).sort()).toEqual(Object.values(FEATURES).sort());
  });
});

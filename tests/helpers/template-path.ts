import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const templatePath = (key: string): string => join(tmpdir(), 'pedbot-test-templates', `pglite-${key}.tar`);

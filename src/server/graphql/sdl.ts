import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const sdlDir = fileURLToPath(new URL('../../shared/graphql/', import.meta.url));

/** Every SDL file of src/shared/graphql, base.graphql first (it declares the roots the others extend). */
export function readSdl(dir = sdlDir): string {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)));
  return files.map((file) => `# ${file}\n${readFileSync(dir + file, 'utf8')}`).join('\n');
}

// Writes src/shared/graphql/generated.ts from the SDL files (`npm run gen`); a test fails while it is stale.
import { writeFileSync } from 'node:fs';
import { generateTypes } from '../graphql/codegen';
import { readSdl, sdlDir } from '../graphql/sdl';

const target = `${sdlDir}generated.ts`;
writeFileSync(target, generateTypes(readSdl()));
console.log(`GraphQL types written to ${target}`);

import { z } from 'zod';

// Field messages of every schema in the server are pt-BR; a schema's own message still wins.
z.config(z.locales.ptBR());

/** Parses resolver input; a ZodError becomes SPEC §8's validation error in errors.ts. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return schema.parse(input);
}

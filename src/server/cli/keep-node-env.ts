/**
 * Runs `work` (a Vite build) and puts NODE_ENV back as it was. Vite's build sets NODE_ENV=production for the whole
 * process when it is unset, and a server configured after it turned the sandbox and introspection off: a fresh
 * `npm start` served a demo without its customer simulator.
 */
export async function keepNodeEnv<T>(work: () => Promise<T>): Promise<T> {
  const nodeEnv = process.env.NODE_ENV;
  try {
    return await work();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

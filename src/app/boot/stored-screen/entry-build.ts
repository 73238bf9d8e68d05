/** The page's entry bundle: a new build's entry has another address (its name carries a hash). */
export const entryBuild = (doc: Document): string => doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '';

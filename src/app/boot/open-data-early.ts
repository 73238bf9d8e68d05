import { openRememberedConnectionEarly } from './early-data';

// The entry imports this module first, so it runs before the rest of the bundle is evaluated.
openRememberedConnectionEarly(globalThis.location.pathname);

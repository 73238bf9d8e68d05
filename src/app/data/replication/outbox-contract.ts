/**
 * What the page and the service worker agree on for the Background Sync outbox (DESIGN §4, §7):
 * push requests of outgoing messages carry this header, so the worker can queue exactly those
 * (never pulls) without reading the body; the page tells the worker its newest access token so a
 * replay long after going offline is not refused as expired.
 */
export const OPERATION_HEADER = 'x-pedbot-operation';
export const QUEUEABLE_OPERATIONS: readonly string[] = ['pushCustomerChat'];
export const OUTBOX_QUEUE_NAME = 'pedbot-outbox';
export const ACCESS_TOKEN_MESSAGE = 'PEDBOT_ACCESS_TOKEN';

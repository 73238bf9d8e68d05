/**
 * The most rows one push carries: the client's replication sends batches of this size and the
 * server refuses bigger ones, so a push costs a bounded amount of work.
 */
export const PUSH_BATCH_MAX = 50;

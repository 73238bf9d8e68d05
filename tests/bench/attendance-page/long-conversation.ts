/** The newest ticket holds the long conversation (its own module: the measured page loads no seeding code). */
export const LONG_CONVERSATION = 500;

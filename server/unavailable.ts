/** How long a visitor is asked to wait when the database is briefly away. */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_TEXT = 'The shop is busy for a moment. Please try again in a few seconds.';

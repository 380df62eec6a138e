import pino from 'pino';

export const quietLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

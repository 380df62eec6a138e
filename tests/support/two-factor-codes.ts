/** The fixture accounts' backup codes (as Better Auth makes them: five, a dash, five). */
export const TEST_BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `fixtr-bkup${i}`);

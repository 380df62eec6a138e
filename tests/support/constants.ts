export const ADMIN_EMAIL = 'admin@freshcatch.test';
export const ADMIN_PASSWORD = 'admin-password-123';
export const SHOPPER_PASSWORD = 'shopper-password-123';

import { z } from 'zod';

/** Admin login: email (email type) and password required (spec §5). */
export const AdminLoginSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
  redirectTo: z.string().optional(),
});

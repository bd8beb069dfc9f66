import type { Orm } from '../../db/database';
import { hashPassword } from '../../kernel/passwords';
import { createAuthStore } from './store';

/**
 * On the first start, the one admin from configuration (STAFF_ADMIN_EMAIL and
 * STAFF_ADMIN_PASSWORD), who then creates everyone else. Nothing happens once any staff exists,
 * and there is no built-in password.
 */
export async function seedFirstAdmin(
  db: Orm,
  admin: { email: string; password: string } | null,
): Promise<'created' | 'exists' | 'not-configured'> {
  const store = createAuthStore(db);
  if ((await store.staffCount()) > 0) return 'exists';
  if (!admin) return 'not-configured';
  await store.insertStaff({
    email: admin.email.trim().toLowerCase(),
    passwordHash: await hashPassword(admin.password),
    name: 'Administrator',
    roles: ['ADMIN'],
  });
  return 'created';
}

import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/database';
import { staffUsers } from '../../db/schema';
import { hashPassword } from './passwords';

/**
 * On the first start, the one admin from configuration (STAFF_ADMIN_EMAIL and
 * STAFF_ADMIN_PASSWORD), who then creates everyone else. Nothing happens once any staff exists,
 * and there is no built-in password.
 */
export async function seedFirstAdmin(
  db: Orm,
  admin: { email: string; password: string } | null,
): Promise<'created' | 'exists' | 'not-configured'> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(staffUsers)) as [
    { count: number },
  ];
  if (count > 0) return 'exists';
  if (!admin) return 'not-configured';
  await db
    .insert(staffUsers)
    .values({
      email: admin.email.trim().toLowerCase(),
      passwordHash: await hashPassword(admin.password),
      name: 'Administrator',
      roles: ['ADMIN'],
    })
    .onConflictDoNothing();
  return 'created';
}

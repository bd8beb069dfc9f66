import type { Language, TenantId } from '@lending/contracts';

import type { Orm } from '../../db/database';
import { contactMessages } from '../../db/schema';

export interface NewContactMessage {
  tenant: TenantId;
  name: string | null;
  email: string;
  comments: string;
  language: Language;
}

export function createContactStore(db: Orm) {
  return {
    async insert(message: NewContactMessage) {
      const [row] = await db
        .insert(contactMessages)
        .values(message)
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      return row!;
    },
  };
}

export type ContactStore = ReturnType<typeof createContactStore>;

import type { ContactMessageRequest, ContactMessageResponse, TenantId } from '@lending/contracts';

import type { ContactStore } from './store';

/** Fields arrive trimmed (see the route); an empty name is no name. */
export function createContactService(store: ContactStore) {
  return {
    async send(tenant: TenantId, request: ContactMessageRequest): Promise<ContactMessageResponse> {
      const row = await store.insert({
        tenant,
        name: request.name || null,
        email: request.email,
        comments: request.comments,
        language: request.language,
      });
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

export type LoginKind = 'email' | 'redone';

/** Which login tabs a tenant has: the telecom customers' first login exists only on the tenant
 *  that serves them. `loginType` picks one; anything else falls back to the email tab. */
export function loginTabs(
  tenant: string,
  loginType: string | null,
): {
  kinds: LoginKind[];
  selected: LoginKind;
} {
  const kinds: LoginKind[] = tenant === 'redcash' ? ['email', 'redone'] : ['email'];
  const selected = kinds.find((kind) => kind === loginType) ?? 'email';
  return { kinds, selected };
}

import type { StaffActionRefusal, StaffActionVerdict, StaffRole } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';

/** The roles an action belongs to, as a sentence reads them: "Admin or Credit officer". */
export function useRolesText(): (roles: readonly StaffRole[]) => string {
  const { t } = useT('mf-admin');
  const language = useLanguage();
  const list = new Intl.ListFormat(language === 'MS' ? 'ms' : 'en', { type: 'disjunction' });
  return (roles) => list.format(roles.map((role) => t(`roles.${role}`)));
}

/**
 * Why the API says a member may not take an action, worded in the screen's namespace under
 * `${key}.${reason}` (with the roles it belongs to). Null when it is allowed, or when the reason
 * is one of `quiet`: not worth saying on that screen (nothing to confirm on a paid agreement).
 */
export function useRefusalText(
  namespace: string,
): (
  key: string,
  verdict: StaffActionVerdict,
  quiet?: readonly StaffActionRefusal[],
) => string | null {
  const { t } = useT(namespace);
  const rolesText = useRolesText();
  return (key, verdict, quiet = []) =>
    verdict.allowed || quiet.includes(verdict.reason)
      ? null
      : t(`${key}.${verdict.reason}`, { roles: rolesText(verdict.roles ?? []) });
}

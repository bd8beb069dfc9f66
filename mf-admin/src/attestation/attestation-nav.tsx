import { navigate, useSession, useT } from '@lending/platform';
import { HStack, Link } from '@lending/ui';

import { staffIdentity } from '../app/staff-session';
import { attestationLinks } from './attestation-links';

/** The attestation screens of the back office, one click apart. */
export function AttestationNav() {
  const { t } = useT('admin-attestation');
  const roles = staffIdentity(useSession().staffAccessToken)?.roles ?? [];
  return (
    <nav aria-label={t('nav.label')}>
      <HStack gap={4} flexWrap="wrap">
        {attestationLinks(roles).map((link) => (
          <Link
            key={link.path}
            href={link.path}
            onClick={(event) => {
              event.preventDefault();
              navigate(link.path);
            }}
          >
            {t(link.label)}
          </Link>
        ))}
      </HStack>
    </nav>
  );
}

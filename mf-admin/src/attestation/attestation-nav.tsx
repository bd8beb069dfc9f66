import { navigate, useT } from '@lending/platform';
import { HStack, Link } from '@lending/ui';

const LINKS = [
  { path: '/admin/attestation', label: 'nav.reviews' },
  { path: '/admin/attestation/calendar', label: 'nav.calendar' },
  { path: '/admin/videos', label: 'nav.videos' },
] as const;

/** The attestation screens of the back office, one click apart. */
export function AttestationNav() {
  const { t } = useT('admin-attestation');
  return (
    <nav aria-label={t('nav.label')}>
      <HStack gap={4} flexWrap="wrap">
        {LINKS.map((link) => (
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

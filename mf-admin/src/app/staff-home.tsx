import { navigate, useSession, useT } from '@lending/platform';
import { Link, PageFrame, Stack } from '@lending/ui';

import { staffIdentity } from './staff-session';

/** Where the back office's sections are, each shown to the roles that work in it. */
const SECTIONS = [
  { path: '/admin/applications', label: 'home.applications', admin: false },
  { path: '/admin/users', label: 'home.users', admin: true },
  { path: '/admin/master-setup', label: 'home.settings', admin: true },
] as const;

export function StaffHome() {
  const { t } = useT('mf-admin');
  const { staffAccessToken } = useSession();
  const isAdmin = staffIdentity(staffAccessToken)?.roles.includes('ADMIN') ?? false;
  return (
    <PageFrame title={t('screens.adminHome.title')}>
      <nav aria-label={t('home.navigation')}>
        <Stack as="ul" gap={3} listStyleType="none" ps={0}>
          {SECTIONS.filter((section) => isAdmin || !section.admin).map((section) => (
            <li key={section.path}>
              <Link
                href={section.path}
                fontSize="lg"
                onClick={(event) => {
                  event.preventDefault();
                  navigate(section.path);
                }}
              >
                {t(section.label)}
              </Link>
            </li>
          ))}
        </Stack>
      </nav>
    </PageFrame>
  );
}

import { navigate, useSession, useT } from '@lending/platform';
import { Link, PageFrame, Stack } from '@lending/ui';

import { staffSections } from './staff-menu';
import { staffIdentity } from './staff-session';

/** Where the back office's sections are, each shown to the roles that work in it. */
export function StaffHome() {
  const { t } = useT('mf-admin');
  const { staffAccessToken } = useSession();
  const sections = staffSections(staffIdentity(staffAccessToken)?.roles ?? []);
  return (
    <PageFrame title={t('screens.adminHome.title')}>
      <Stack as="ul" gap={3} listStyleType="none" ps={0}>
        {sections.map((section) => (
          <li key={section.path}>
            <Link
              href={section.path}
              fontSize="lg"
              color="brand.link"
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
    </PageFrame>
  );
}

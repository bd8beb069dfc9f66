import { useSession, useT } from '@lending/platform';
import { InfoNotice, Link, PageFrame, ScreenRoutes } from '@lending/ui';
import { Route, Routes, useLocation } from 'react-router-dom';

import { JOURNEYS, SCREENS } from './screens';
import { StaffHome } from './staff-home';
import { goTo, SignedOutFrame, StaffLayout } from './staff-layout';
import { StaffLogin } from './staff-login';
import { barredSection, type StaffSection } from './staff-menu';
import { staffIdentity } from './staff-session';
import { useSignedOutIdle, useStaffSessionUpkeep } from './use-staff-session-upkeep';

const STAFF_SCREENS = SCREENS.filter((screen) => !['/admin', '/admin/login'].includes(screen.path));

/** Screens a person reaches without being signed in to the back office (an emailed link). */
const OPEN_PATHS = ['/admin/set-password'];

function LoginScreen({ next }: { next?: string }) {
  const { t } = useT('mf-admin');
  const idle = useSignedOutIdle();
  return (
    <SignedOutFrame>
      <div data-testid="screen-adminLogin">
        <StaffLogin
          next={next}
          notice={
            idle ? (
              <InfoNotice data-testid="signed-out-idle" title={t('login.signedOutIdle')} />
            ) : undefined
          }
        />
      </div>
    </SignedOutFrame>
  );
}

/** A section the person's roles do not reach: which roles it is for, and the way back. */
function NotYourSection({ section }: { section: StaffSection }) {
  const { t } = useT('mf-admin');
  const roles = (section.roles ?? []).map((role) => t(`roles.${role}`)).join(', ');
  return (
    <PageFrame title={t(section.label)}>
      <InfoNotice
        data-testid="not-your-section"
        title={t('layout.notYours.title')}
        description={t('layout.notYours.description', { roles })}
      />
      {/* Below the notice, not beside it: on a phone an action beside it squeezes the words. */}
      <Link href="/admin" onClick={goTo('/admin')} display="inline-block" mt={4}>
        {t('layout.notYours.home')}
      </Link>
    </PageFrame>
  );
}

/**
 * Every back-office page but the sign-in: the staff frame around the page, or the sign-in in its
 * place, which then returns to it. One catch-all route, so the screens' own routes below it keep
 * their full paths.
 */
function StaffArea() {
  const location = useLocation();
  const identity = staffIdentity(useSession().staffAccessToken);
  useStaffSessionUpkeep(identity !== null);
  const home = location.pathname.replace(/\/+$/, '') === '/admin';
  if (OPEN_PATHS.includes(location.pathname) && !identity)
    return (
      <SignedOutFrame>
        <ScreenRoutes namespace="mf-admin" screens={STAFF_SCREENS} journeys={JOURNEYS} />
      </SignedOutFrame>
    );
  if (!identity)
    return <LoginScreen next={home ? undefined : `${location.pathname}${location.search}`} />;
  const barred = barredSection(location.pathname, identity.roles);
  return (
    <StaffLayout identity={identity}>
      {barred ? (
        <NotYourSection section={barred} />
      ) : home ? (
        <div data-testid="screen-adminHome">
          <StaffHome />
        </div>
      ) : (
        <ScreenRoutes namespace="mf-admin" screens={STAFF_SCREENS} journeys={JOURNEYS} />
      )}
    </StaffLayout>
  );
}

export function App() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginScreen />} />
      <Route path="*" element={<StaffArea />} />
    </Routes>
  );
}

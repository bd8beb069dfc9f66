import { authApi, navigate, session, useSession, useT } from '@lending/platform';
import { Badge, Button, HStack, ScreenRoutes, Text } from '@lending/ui';
import { Route, Routes, useLocation } from 'react-router-dom';

import { JOURNEYS, SCREENS } from './screens';
import { StaffHome } from './staff-home';
import { StaffLogin } from './staff-login';
import { staffIdentity } from './staff-session';

/** Who is signed in to the back office, and the way out. */
function StaffBar() {
  const { t } = useT('mf-admin');
  const { staffAccessToken, staffRefreshToken } = useSession();
  const identity = staffIdentity(staffAccessToken);
  if (!identity) return null;
  const signOut = () => {
    if (staffRefreshToken) void authApi.staffLogout(staffRefreshToken).catch(() => undefined);
    session.clearStaff();
    navigate('/admin/login');
  };
  return (
    <HStack
      justify="flex-end"
      gap={3}
      px={{ base: 4, md: 8 }}
      pt={4}
      flexWrap="wrap"
      data-testid="staff-bar"
    >
      <Text>{t('bar.signedInAs', { email: identity.email })}</Text>
      {identity.roles.map((role) => (
        <Badge key={role}>{t(`roles.${role}`)}</Badge>
      ))}
      <Button size="sm" variant="outline" onClick={signOut}>
        {t('bar.signOut')}
      </Button>
    </HStack>
  );
}

const STAFF_SCREENS = SCREENS.filter((screen) => !['/admin', '/admin/login'].includes(screen.path));

/** Screens a person reaches without being signed in to the back office (an emailed link). */
const OPEN_PATHS = ['/admin/set-password'];

/** A staff screen, or the sign-in in its place, which then returns to it. */
function StaffScreens({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  if (!signedIn && !OPEN_PATHS.includes(location.pathname))
    return (
      <div data-testid="screen-adminLogin">
        <StaffLogin next={`${location.pathname}${location.search}`} />
      </div>
    );
  return (
    <>
      <StaffBar />
      <ScreenRoutes namespace="mf-admin" screens={STAFF_SCREENS} journeys={JOURNEYS} />
    </>
  );
}

export function App() {
  const { staffAccessToken } = useSession();
  const signedIn = staffIdentity(staffAccessToken) !== null;
  return (
    <Routes>
      <Route
        path="/admin/login"
        element={
          <div data-testid="screen-adminLogin">
            <StaffLogin />
          </div>
        }
      />
      <Route
        path="/admin"
        element={
          <div data-testid="screen-adminHome">
            {signedIn ? <StaffBar /> : null}
            {signedIn ? <StaffHome /> : <StaffLogin />}
          </div>
        }
      />
      <Route path="*" element={<StaffScreens signedIn={signedIn} />} />
    </Routes>
  );
}

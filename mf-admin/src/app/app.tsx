import { authApi, navigate, session, useSession, useT } from '@lending/platform';
import { Badge, Button, HStack, ScreenRoutes, Text } from '@lending/ui';
import { Route, Routes } from 'react-router-dom';

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
      <Route
        path="*"
        element={
          <>
            <StaffBar />
            <ScreenRoutes namespace="mf-admin" screens={STAFF_SCREENS} journeys={JOURNEYS} />
          </>
        }
      />
    </Routes>
  );
}

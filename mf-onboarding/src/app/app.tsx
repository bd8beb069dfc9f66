import { ScreenRoutes } from '@lending/ui';

import { JOURNEYS, SCREENS } from './screens';

export function App() {
  return <ScreenRoutes namespace="mf-onboarding" screens={SCREENS} journeys={JOURNEYS} />;
}

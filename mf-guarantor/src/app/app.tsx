import { ScreenRoutes } from '@lending/ui';

import { JOURNEYS, SCREENS } from './screens';

export function App() {
  return <ScreenRoutes namespace="mf-guarantor" screens={SCREENS} journeys={JOURNEYS} />;
}

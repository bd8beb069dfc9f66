import { ScreenRoutes } from '@lending/ui';
import { JOURNEYS, SCREENS } from './screens';

export function App() {
  return <ScreenRoutes namespace="mf-admin" screens={SCREENS} journeys={JOURNEYS} />;
}

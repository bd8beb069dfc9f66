import { Center, Spinner } from '@chakra-ui/react';
import { useT } from '@lending/platform';
import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

import { PageFrame } from './page-frame';
import type { Step } from './step-indicator';

export interface ScreenDefinition {
  path: string;
  id: string;
  steps?: { journey: string; current: string };
  /** The screen itself; without one, only its frame (title and steps) is shown. */
  component?: ComponentType | LazyExoticComponent<ComponentType>;
}

/** Steps of a journey as the frame shows them: where the user is, and which steps the server
 *  reports completed (`done`, from the application's progress) when a page knows them. */
export function journeySteps(
  namespace: string,
  journey: readonly string[],
  current: string,
  t: (key: string) => string,
  journeyName: string,
  done: readonly string[] = [],
): Step[] {
  return journey.map((key) => ({
    key,
    label: t(`${namespace}:steps.${journeyName}.${key}`),
    state: key === current ? 'current' : done.includes(key) ? 'done' : 'todo',
  }));
}

function ScreenFrame({
  namespace,
  screen,
  journeys,
}: {
  namespace: string;
  screen: ScreenDefinition;
  journeys: Record<string, readonly string[]>;
}) {
  const { t } = useT(namespace);
  const journey = screen.steps ? journeys[screen.steps.journey] : undefined;
  const steps =
    screen.steps && journey
      ? journeySteps(
          namespace,
          journey,
          screen.steps.current,
          (key) => t(key),
          screen.steps.journey,
        )
      : undefined;
  return (
    <div data-testid={`screen-${screen.id}`}>
      <PageFrame title={t(`screens.${screen.id}.title`)} steps={steps} />
    </div>
  );
}

function ScreenLoading() {
  const { t } = useT('ui');
  return (
    <Center py={16}>
      <Spinner size="lg" color="brand.secondaryFill" aria-label={t('loading')} />
    </Center>
  );
}

/** A remote's screens, one route each. */
export function ScreenRoutes({
  namespace,
  screens,
  journeys,
}: {
  namespace: string;
  screens: readonly ScreenDefinition[];
  journeys: Record<string, readonly string[]>;
}) {
  return (
    <Routes>
      {screens.map((screen) => (
        <Route
          key={screen.path}
          path={screen.path}
          element={
            screen.component ? (
              // The same marker as a frame: the shell and its tests know a screen by it.
              <div data-testid={`screen-${screen.id}`}>
                <Suspense fallback={<ScreenLoading />}>
                  <screen.component />
                </Suspense>
              </div>
            ) : (
              <ScreenFrame namespace={namespace} screen={screen} journeys={journeys} />
            )
          }
        />
      ))}
      <Route path="*" element={null} />
    </Routes>
  );
}

import brand from '@brand';
import { brandStore, navigate } from '@lending/platform';
import lifecycles from '@remote-app';

/** The standalone harness: boots the platform singletons the shell would (brand, language,
 *  session from storage) and mounts one remote's screens, so a remote can be worked on alone. */
brandStore.set(brand);

const domElement = document.getElementById('root');
if (!domElement) throw new Error('standalone.html lacks #root');

const props = { name: lifecycles.name, domElement };

async function start() {
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
  if (window.location.pathname === '/' || window.location.pathname === '/standalone.html') {
    const first = document.body.dataset.firstRoute;
    if (first) navigate(first, { replace: true });
  }
}

void start();

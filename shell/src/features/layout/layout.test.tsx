import '@lending/ui/src/testing/jsdom';

import brand from '@brand';
import { brandStore, registerTranslations } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import shellEn from '../../locales/en/shell.json';
import shellMs from '../../locales/ms/shell.json';
import { Layout } from './layout';

brandStore.set(brand);
registerTranslations('shell', { en: shellEn, ms: shellMs });

function renderAt(path: string) {
  return render(
    <PlatformRoot>
      <MemoryRouter initialEntries={[path]}>
        <Layout>
          <p>page</p>
        </Layout>
      </MemoryRouter>
    </PlatformRoot>,
  );
}

describe('the remote outlet', () => {
  it("keeps a screen's height on a remote's route, so the footer does not jump when it arrives", () => {
    renderAt('/registration');
    expect(screen.getByTestId('remote-outlet').style.minHeight).toBe('100vh');
  });

  it("takes no room on the shell's own pages", () => {
    renderAt('/faq');
    expect(screen.getByTestId('remote-outlet').style.minHeight).toBe('');
  });
});

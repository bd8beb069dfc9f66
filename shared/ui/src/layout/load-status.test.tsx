import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { PlatformI18nProvider, setLanguage } from '@lending/platform';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';

import { registerUiTranslations } from '../translations';
import { LoadStatus } from './load-status';

registerUiTranslations();

function renderInPage(node: ReactNode) {
  return render(
    <PlatformI18nProvider>
      <ChakraProvider value={defaultSystem}>{node}</ChakraProvider>
    </PlatformI18nProvider>,
  );
}

/** A load that fails once, then succeeds when retried. */
function FailsOnce() {
  const [attempt, setAttempt] = useState<'failed' | 'loading' | 'done'>('failed');
  return attempt === 'done' ? (
    <p>Loaded</p>
  ) : (
    <LoadStatus
      loading={attempt === 'loading'}
      error={attempt === 'failed' ? 'Application not found' : null}
      onRetry={() => setAttempt('loading')}
    />
  );
}

describe('LoadStatus', () => {
  it('announces loading politely with the given label', () => {
    renderInPage(
      <LoadStatus loading error={null} onRetry={() => {}} loadingLabel="Loading your documents…" />,
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Loading your documents…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the API's message as an alert, and retries from the keyboard", async () => {
    const user = userEvent.setup();
    renderInPage(<FailsOnce />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This could not be loaded');
    expect(alert.textContent).toContain('Application not found');

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('alert')).toBeNull();
    // Focus stays on the message that replaced the button instead of falling to the page.
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('falls back to a translated message when the failure has none, in Bahasa Melayu too', () => {
    setLanguage('MS');
    const { unmount } = renderInPage(<LoadStatus loading={false} error="" onRetry={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Ini tidak dapat dimuatkan');
    expect(alert.textContent).toContain('Sesuatu tidak kena semasa memuatkannya');
    expect(screen.getByRole('button', { name: 'Cuba lagi' }).hasAttribute('disabled')).toBe(false);
    unmount();
    setLanguage('EN');
  });

  it('renders nothing once the data is there', () => {
    const { container } = renderInPage(
      <LoadStatus loading={false} error={null} onRetry={() => {}} />,
    );
    expect(container.innerHTML).toBe('');
  });
});

import { DEFAULT_PRODUCT_SETTINGS } from '@lending/domain';
import { session, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { screen } from '@testing-library/react';

import { adminKeys } from '../decisions/decisions-api';
import { renderInPlatform, signInStaffForTest } from '../staff/render-in-platform';
import { SettingsPage } from './settings-page';

// Chakra's first render in jsdom is slow on a busy machine.
jest.setTimeout(30_000);

beforeEach(() => {
  queryClient.setQueryDefaults(adminKeys.settings(), { staleTime: Infinity });
  queryClient.setQueryData(adminKeys.settings(), { settings: DEFAULT_PRODUCT_SETTINGS });
});
afterEach(() => {
  queryClient.clear();
  session.clearStaff();
  setLanguage('EN');
});

describe('the product settings page', () => {
  it('is titled, so staff and screen readers know where they are, in both languages', async () => {
    signInStaffForTest('admin@lender.test', ['ADMIN']);
    const { unmount } = renderInPlatform(<SettingsPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Product settings');
    unmount();
    setLanguage('MS');
    renderInPlatform(<SettingsPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Tetapan produk');
  });
});

import { setLanguage } from '@lending/platform';
import { screen } from '@testing-library/react';

import { renderInRemote } from '../../testing/render';
import { HomePage } from './home-page';

describe("the home page's links", () => {
  it('reaches the e-invoice TIN page, in both languages', () => {
    setLanguage('EN');
    const { unmount } = renderInRemote(<HomePage />);
    const nav = screen.getByRole('navigation', { name: 'More' });
    expect(screen.getByRole('link', { name: 'Request e-invoice' }).getAttribute('href')).toBe(
      '/request-e-invoice',
    );
    expect(nav.contains(screen.getByRole('link', { name: 'Request e-invoice' }))).toBe(true);
    unmount();
    setLanguage('MS');
    renderInRemote(<HomePage />);
    expect(screen.getByRole('link', { name: 'Mohon e-invois' }).getAttribute('href')).toBe(
      '/request-e-invoice',
    );
  });
});

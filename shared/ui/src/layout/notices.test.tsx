import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';

import { ChangedNotice, ErrorNotice, SuccessNotice } from './notices';

const renderNotice = (notice: ReactElement) =>
  render(<ChakraProvider value={defaultSystem}>{notice}</ChakraProvider>);

describe('notices', () => {
  it('announces a failure at once, with its detail under the title', () => {
    renderNotice(<ErrorNotice title="Could not save" description="The server is busy" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not save');
    expect(alert.textContent).toContain('The server is busy');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a success politely and passes on its test id', () => {
    renderNotice(<SuccessNotice title="Password changed" data-testid="password-changed" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Password changed');
    expect(status.getAttribute('data-testid')).toBe('password-changed');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a link given as the description inside the notice', () => {
    renderNotice(
      <SuccessNotice title="Password reset" description={<a href="/?showLogin=true">Log in</a>} />,
    );
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(screen.getByRole('status').contains(link)).toBe(true);
  });

  it('announces that someone else changed the record, with the way to read it again', () => {
    renderNotice(
      <ChangedNotice
        title="This file changed"
        description="Someone decided on it while you were reading."
        action={<button type="button">Reload</button>}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Someone decided on it while you were reading.');
    expect(alert.contains(screen.getByRole('button', { name: 'Reload' }))).toBe(true);
  });
});

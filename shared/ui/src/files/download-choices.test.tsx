import '../testing/jsdom';

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';

import { DownloadChoices } from './download-choices';

const CHOICES = [
  { key: 'en', label: 'English', ariaLabel: 'Download in English' },
  { key: 'bm', label: 'Bahasa Melayu' },
] as const;

function renderChoices(download: (key: 'en' | 'bm') => Promise<void>) {
  render(
    <ChakraProvider value={defaultSystem}>
      <DownloadChoices
        choices={CHOICES}
        download={download}
        loadingText="Preparing…"
        failedText="The file could not be downloaded"
      />
    </ChakraProvider>,
  );
}

describe('a row of downloads', () => {
  it('fetches the chosen one, holding the others until it is done', async () => {
    let finish: () => void = () => undefined;
    const asked: string[] = [];
    renderChoices(
      (key) =>
        new Promise<void>((resolve) => {
          asked.push(key);
          finish = resolve;
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download in English' }));
    expect(asked).toEqual(['en']);
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Bahasa Melayu' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    // Settling inside act flushes the component's own continuation, so no polling is needed.
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(
      (screen.getByRole('button', { name: 'Bahasa Melayu' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in words when a download fails, and clears it on the next try', async () => {
    let fail = true;
    renderChoices(async () => {
      if (fail) throw new Error('404');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bahasa Melayu' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file could not be downloaded');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Bahasa Melayu' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

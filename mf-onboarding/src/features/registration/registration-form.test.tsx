import '@lending/ui/src/testing/jsdom';

import { bus, registerTranslations } from '@lending/platform';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';

import en from '../../locales/en/onboarding-registration.json';
import ms from '../../locales/ms/onboarding-registration.json';
import { renderInPlatform } from '../../testing/test-harness';
import { RegistrationForm } from './registration-page';
import type { MasterLists } from './use-registration-lists';

const today = new Date('2026-06-15T02:00:00Z');
const lists: MasterLists = {
  races: [{ id: 1, name: 'Malay', nameMs: 'Melayu' }],
  natures: [{ id: 1, name: 'Retail', nameMs: 'Runcit' }],
  sources: [],
} as unknown as MasterLists;

// The whole form renders in each test; on a busy machine that alone takes seconds.
jest.setTimeout(30_000);

beforeEach(() => window.sessionStorage.clear());

function renderForm() {
  registerTranslations('onboarding-registration', { en, ms });
  return renderInPlatform(<RegistrationForm lists={lists} phoneNo="" today={today} />);
}

describe('the registration form as it is typed', () => {
  it('says at once that an NRIC gives an age the product cannot lend to, tied to the field', async () => {
    renderForm();
    const nric = screen.getByRole('textbox', { name: /^NRIC/ });
    fireEvent.change(nric, { target: { value: '100101-14-5678' } });
    const warning = await screen.findByText(
      'We can lend only to applicants aged 20 to 65; this gives age 16',
    );
    expect(nric.getAttribute('aria-describedby')).toBe(warning.id);
    fireEvent.change(nric, { target: { value: '900101-14-5678' } });
    await waitFor(() => expect(screen.queryByText(/this gives age/)).toBeNull());
  });

  it('says at once that a business established this year is too new, and from when it may apply', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(/^Date of establishment/), {
      target: { value: '2026-01-05' },
    });
    expect(
      await screen.findByText(
        'We can lend only to a business more than 12 months old; yours can apply from 2027-01-06',
      ),
    ).toBeTruthy();
  });
});

describe('the registration form across a refresh', () => {
  it('keeps what was typed for the tab, but never the password', async () => {
    renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /^Company name/ }), {
      target: { value: 'Kedai Runcit Maju' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^NRIC/ }), {
      target: { value: '900101-14-5678' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret words' } });
    await waitFor(() =>
      expect(window.sessionStorage.getItem('registration-draft')).toContain('Kedai Runcit Maju'),
    );
    expect(window.sessionStorage.getItem('registration-draft')).not.toContain('secret words');

    cleanup();
    renderForm();
    expect((screen.getByRole('textbox', { name: /^Company name/ }) as HTMLInputElement).value).toBe(
      'Kedai Runcit Maju',
    );
    expect((screen.getByRole('textbox', { name: /^NRIC/ }) as HTMLInputElement).value).toBe(
      '900101-14-5678',
    );
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  });

  it('forgets the form when the person signs out', async () => {
    renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /^Company name/ }), {
      target: { value: 'Kedai Runcit Maju' },
    });
    await waitFor(() => expect(window.sessionStorage.getItem('registration-draft')).not.toBeNull());
    cleanup();
    bus.emit('session.changed', { loggedIn: false, userId: null });
    expect(window.sessionStorage.getItem('registration-draft')).toBeNull();
    renderForm();
    expect((screen.getByRole('textbox', { name: /^Company name/ }) as HTMLInputElement).value).toBe(
      '',
    );
  });
});

describe('the registration form while it is typed in', () => {
  it('draws once per keystroke and once per field left', async () => {
    const commits: string[] = [];
    registerTranslations('onboarding-registration', { en, ms });
    renderInPlatform(
      <Profiler id="registration" onRender={(_id, phase) => commits.push(phase)}>
        <RegistrationForm lists={lists} phoneNo="" today={today} />
      </Profiler>,
    );
    const company = screen.getByRole('textbox', { name: /^Company name/ });
    const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    await settle();
    commits.length = 0;
    fireEvent.focus(company);
    for (const typed of ['K', 'Ke', 'Ked']) {
      fireEvent.change(company, { target: { value: typed } });
      await settle();
    }
    expect(commits).toHaveLength(3);
    fireEvent.blur(company);
    await settle();
    expect(commits).toHaveLength(4);
  });
});

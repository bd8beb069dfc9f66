import '@lending/ui/src/testing/jsdom';

import type { Application, ApplicationSections } from '@lending/contracts';
import { applicationApi, setLanguage } from '@lending/platform';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';

import { SectionList } from '../features/application/application-page';
import { routeAfterSubmit } from '../hooks/use-submit-application';
import { draftApplication, renderInPlatform } from '../testing/test-harness';

// A submission through formik, on a busy machine, takes longer than a second in jsdom.
configure({ asyncUtilTimeout: 5000 });

const filled = {
  company: {},
  applicant: {},
  disbursement: {},
  emergencyContacts: {},
  directors: null,
} as unknown as ApplicationSections;

const DONE = [
  'APPLICATIONFORMCOMPLETED',
  'EMAILVERIFICATIONCOMPLETED',
  'DOCUMENTUPLOADCOMPLETED',
  'EKYCCOMPLETED',
] as const;

/** An application the lender referred back, every step of it done before. */
const referred = (): Application =>
  draftApplication({
    status: 'REFERBACK',
    applicationStatus: 'REFERBACK',
    sections: filled,
    progress: [...DONE],
  });

/** Ticks the declaration and waits for the form to hold it. */
async function tick() {
  const box = screen.getByRole('checkbox') as HTMLInputElement;
  fireEvent.click(box);
  await waitFor(() => expect(box.checked).toBe(true));
}

describe('resubmitting after a referral back', () => {
  beforeEach(() => setLanguage('EN'));
  afterEach(() => {
    jest.restoreAllMocks();
    window.history.pushState(null, '', '/');
  });

  it('offers "Resubmit" on the application itself, not the documents, summary and identity again', async () => {
    const submit = jest.spyOn(applicationApi, 'submit').mockResolvedValue({
      ok: true,
      application: draftApplication({ status: 'PENDING', sections: filled, progress: [...DONE] }),
    });
    const onResubmitted = jest.fn();
    renderInPlatform(<SectionList application={referred()} onResubmitted={onResubmitted} />);
    expect(screen.queryByRole('button', { name: /^Next:/ })).toBeNull();
    const panel = screen.getByTestId('resubmit-panel');
    expect(panel.textContent).toContain('Send your application back');
    // The same declaration as the first submission, then one press.
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit application' }));
    expect(await screen.findByText('Please tick the acknowledgement to submit')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    await tick();
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit application' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith('app-1'));
    await waitFor(() => expect(window.location.pathname).toBe('/draft-application'));
    expect(onResubmitted).toHaveBeenCalledWith(expect.objectContaining({ status: 'PENDING' }));
  });

  it('says what is still missing instead of sending it', async () => {
    jest.spyOn(applicationApi, 'submit').mockResolvedValue({
      ok: false,
      missing: [{ kind: 'section', section: 'company' }],
    });
    renderInPlatform(<SectionList application={referred()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit application' }));
    expect(await screen.findByText('Please tick the acknowledgement to submit')).toBeTruthy();
    await tick();
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit application' }));
    expect((await screen.findByTestId('missing-items')).textContent).toContain('Company details');
    expect(window.location.pathname).toBe('/');
  });

  it('says it in Bahasa Melayu too', () => {
    setLanguage('MS');
    renderInPlatform(<SectionList application={referred()} />);
    expect(screen.getByRole('button', { name: 'Hantar semula permohonan' })).toBeTruthy();
  });

  it('goes on to identity verification only when it was not done before', () => {
    expect(routeAfterSubmit({ progress: [...DONE] })).toBe('/draft-application');
    expect(routeAfterSubmit({ progress: ['APPLICATIONFORMCOMPLETED'] })).toBe(
      '/application/identity-verification',
    );
  });
});

import '@lending/ui/src/testing/jsdom';

import { screen } from '@testing-library/react';

import { draftApplication, renderInPlatform } from '../../testing/test-harness';
import { applicantMayCancel, continueRoute, DraftApplication } from './draft-application-page';

const ALL_STEPS = [
  'APPLICATIONFORMCOMPLETED',
  'EMAILVERIFICATIONCOMPLETED',
  'DOCUMENTUPLOADCOMPLETED',
  'EKYCCOMPLETED',
] as const;

describe('draft application', () => {
  it('continues at the first step not completed', () => {
    expect(continueRoute({ status: 'DRAFT', progress: [] })).toBe('/application');
    expect(continueRoute({ status: 'DRAFT', progress: ['APPLICATIONFORMCOMPLETED'] })).toBe(
      '/application/document-upload',
    );
    expect(
      continueRoute({
        status: 'DRAFT',
        progress: ['APPLICATIONFORMCOMPLETED', 'DOCUMENTUPLOADCOMPLETED'],
      }),
    ).toBe('/application/identity-verification');
  });

  it('continues a referred-back application on its own page, where it is resubmitted', () => {
    expect(continueRoute({ status: 'REFERBACK', progress: [...ALL_STEPS] })).toBe('/application');
  });

  it('lets the applicant cancel only a draft', () => {
    expect(applicantMayCancel({ status: 'DRAFT' })).toBe(true);
    expect(applicantMayCancel({ status: 'PENDING' })).toBe(false);
    expect(applicantMayCancel({ status: 'REFERBACK' })).toBe(false);
    expect(applicantMayCancel({ status: 'SUBMITTED_FOR_APPROVAL_1' })).toBe(false);
  });

  it('offers to continue or cancel a draft', () => {
    renderInPlatform(<DraftApplication application={draftApplication()} />);
    expect(screen.getByText(/not finished yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel application' })).toBeTruthy();
  });

  it('reads a submitted application as under review, with nothing to cancel', () => {
    renderInPlatform(
      <DraftApplication
        application={draftApplication({
          status: 'PENDING',
          applicationStatus: 'PENDING',
          progress: [...ALL_STEPS],
          submittedAt: '2026-03-02T00:00:00.000Z',
        })}
      />,
    );
    const standing = screen.getByTestId('draft-standing');
    expect(standing.textContent).toContain('AC-2026-000001');
    expect(standing.textContent).toContain('under review');
    expect(screen.queryByText(/not finished yet/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to home' })).toBeTruthy();
  });

  it('still leads a submitted application to identity verification while it is open', () => {
    renderInPlatform(
      <DraftApplication
        application={draftApplication({
          status: 'PENDING',
          progress: ['APPLICATIONFORMCOMPLETED', 'DOCUMENTUPLOADCOMPLETED'],
        })}
      />,
    );
    expect(screen.getByTestId('draft-standing').textContent).toContain('under review');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel application' })).toBeNull();
  });
});

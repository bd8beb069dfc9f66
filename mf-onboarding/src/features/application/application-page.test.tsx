import '@lending/ui/src/testing/jsdom';

import type { ApplicationSections } from '@lending/contracts';
import { screen } from '@testing-library/react';

import { draftApplication, renderInPlatform } from '../../testing/test-harness';
import { SectionList, stepAfterForm } from './application-page';

const filled = {
  company: {},
  applicant: {},
  disbursement: {},
  emergencyContacts: {},
  directors: null,
} as unknown as ApplicationSections;

describe('what follows the application form', () => {
  it('skips the email step when the email was verified at registration', () => {
    expect(stepAfterForm({ status: 'DRAFT', progress: [] })).toEqual({
      key: 'verifyEmail',
      to: '/application/email-verification',
    });
    expect(
      stepAfterForm({
        status: 'DRAFT',
        progress: ['APPLICATIONFORMCOMPLETED', 'EMAILVERIFICATIONCOMPLETED'],
      }),
    ).toEqual({ key: 'uploadDocuments', to: '/application/document-upload' });
  });

  it('leads a verified draft to the documents', () => {
    renderInPlatform(
      <SectionList
        application={draftApplication({
          sections: filled,
          progress: ['APPLICATIONFORMCOMPLETED', 'EMAILVERIFICATIONCOMPLETED'],
        })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Next: upload your documents' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next: verify your email' })).toBeNull();
  });

  it('offers no next step once the application is submitted', () => {
    renderInPlatform(
      <SectionList
        application={draftApplication({
          status: 'PENDING',
          sections: filled,
          progress: ['APPLICATIONFORMCOMPLETED', 'EMAILVERIFICATIONCOMPLETED'],
        })}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Next:/ })).toBeNull();
    expect(screen.getByTestId('application-submitted').textContent).toContain('under review');
  });
});

import '@lending/ui/src/testing/jsdom';

import { completedJourneySteps, nextJourneyStep, nextRouteAfter } from './application-steps';

describe('application steps from the server progress', () => {
  it('marks the form, email and documents done from progress while a draft', () => {
    expect(
      completedJourneySteps({
        status: 'DRAFT',
        progress: ['APPLICATIONFORMCOMPLETED', 'EMAILVERIFICATIONCOMPLETED'],
      }),
    ).toEqual(['applicationForm', 'emailVerification']);
  });

  it('marks the summary done once submitted and completed once eKYC is done too', () => {
    expect(
      completedJourneySteps({
        status: 'PENDING',
        progress: [
          'APPLICATIONFORMCOMPLETED',
          'EMAILVERIFICATIONCOMPLETED',
          'DOCUMENTUPLOADCOMPLETED',
          'EKYCCOMPLETED',
        ],
      }),
    ).toEqual([
      'applicationForm',
      'emailVerification',
      'uploadDocuments',
      'summary',
      'identityVerification',
      'completed',
    ]);
  });

  it('leads a sole proprietor from emergency contacts back to the application', () => {
    expect(
      nextRouteAfter({ organizationType: 'SOLE_PROP', status: 'DRAFT' }, 'emergencyContacts'),
    ).toBe('/application');
    expect(
      nextRouteAfter({ organizationType: 'COMPANY', status: 'DRAFT' }, 'emergencyContacts'),
    ).toBe('/application/director-details');
  });

  it('leads back to the application after a referred section is saved, never into a closed one', () => {
    expect(nextRouteAfter({ organizationType: 'COMPANY', status: 'REFERBACK' }, 'company')).toBe(
      '/application',
    );
    expect(
      nextRouteAfter({ organizationType: 'COMPANY', status: 'REFERBACK' }, 'emergencyContacts'),
    ).toBe('/application');
  });
});

describe('the step the applicant is on', () => {
  it('is the first step not done, and never the form once everything is submitted', () => {
    expect(nextJourneyStep({ status: 'DRAFT', progress: [] })).toBe('applicationForm');
    expect(
      nextJourneyStep({
        status: 'DRAFT',
        progress: ['APPLICATIONFORMCOMPLETED', 'EMAILVERIFICATIONCOMPLETED'],
      }),
    ).toBe('uploadDocuments');
    expect(
      nextJourneyStep({
        status: 'PENDING',
        progress: [
          'APPLICATIONFORMCOMPLETED',
          'EMAILVERIFICATIONCOMPLETED',
          'DOCUMENTUPLOADCOMPLETED',
          'EKYCCOMPLETED',
        ],
      }),
    ).toBe('completed');
  });
});

import '@lending/ui/src/testing/jsdom';

import type { ApplicationSections, RegistrationDetails } from '@lending/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';

import { draftApplication, renderInPlatform } from '../../testing/test-harness';
import { ApplicantDetailsForm, initialApplicantValues } from './applicant-details-page';
import { initialCompanyValues } from './company-details-page';
import { DirectorDetailsForm } from './director-details-page';
import { EmergencyContactDetailsForm } from './emergency-contact-details-page';

const applicantWithEmail = {
  personalEmail: 'siti@example.com',
} as unknown as NonNullable<ApplicationSections['applicant']>;

describe('emergency contact details form', () => {
  it('shows that an emergency contact email may not be the applicant personal email', async () => {
    renderInPlatform(
      <EmergencyContactDetailsForm
        application={draftApplication({
          sections: { ...draftApplication().sections, applicant: applicantWithEmail },
        })}
      />,
    );
    expect(screen.getByText('Emergency contact 1')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    fireEvent.change(email, { target: { value: 'Siti@Example.com' } });
    fireEvent.blur(email);
    expect(
      await screen.findByText(
        "The emergency contact's email must differ from the applicant's personal email",
      ),
    ).toBeTruthy();

    fireEvent.change(email, { target: { value: 'ahmad@example.com' } });
    await waitFor(() =>
      expect(
        screen.queryByText(
          "The emergency contact's email must differ from the applicant's personal email",
        ),
      ).toBeNull(),
    );
  });

  it('adds contacts up to the limit and offers to remove one only while there are two', async () => {
    renderInPlatform(<EmergencyContactDetailsForm application={draftApplication()} />);
    expect(screen.queryByRole('button', { name: 'Remove emergency contact 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    expect(await screen.findByText('Emergency contact 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove emergency contact 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    expect(await screen.findByText('Emergency contact 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add emergency contact' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove emergency contact 3' }));
    await waitFor(() => expect(screen.queryByText('Emergency contact 3')).toBeNull());
    expect(screen.getByRole('button', { name: 'Add emergency contact' })).toBeTruthy();
  });
});

describe('partner and director details form', () => {
  it('starts a partnership with two partners and shows the minimum when one is removed', async () => {
    renderInPlatform(
      <DirectorDetailsForm application={draftApplication({ organizationType: 'PARTNERSHIP' })} />,
    );
    expect(screen.getByText('Partner 1')).toBeTruthy();
    expect(screen.getByText('Partner 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Partner 2' }));
    expect(await screen.findByText('Please add at least 2 partners')).toBeTruthy();
  });

  it('shows the bulk message and keeps what was typed when a company saves no director', async () => {
    renderInPlatform(
      <DirectorDetailsForm application={draftApplication({ organizationType: 'COMPANY' })} />,
    );
    const name = screen.getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Lim Wei Ling' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Please fill in the required fields')).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Lim Wei Ling');
  });
});

describe('applicant details form', () => {
  it('shows the birth date, gender and age read from the NRIC as it is typed', async () => {
    renderInPlatform(<ApplicantDetailsForm application={draftApplication()} />);
    const nric = await screen.findByRole('textbox', { name: /^NRIC number/ });
    expect(screen.queryByTestId('nric-derived')).toBeNull();
    fireEvent.change(nric, {
      target: { value: '880101-14-5678' },
    });
    const derived = await screen.findByTestId('nric-derived');
    expect(derived.textContent).toContain('1988-01-01');
    expect(derived.textContent).toContain('Female');
    expect(derived.textContent).toMatch(/Age\d{2}/);
  });

  it('drops the home address while it is declared the same as the identity card address', async () => {
    renderInPlatform(<ApplicantDetailsForm application={draftApplication()} />);
    expect(await screen.findByText('Home address')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('checkbox', {
        name: 'Home address is the same as the address on the identity card',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Home address')).toBeNull());
    expect(screen.getByText('Mailing address')).toBeTruthy();
  });
});

const registered: RegistrationDetails = {
  organizationType: 'COMPANY',
  companyName: 'Kedai Runcit Maju Sdn Bhd',
  newBusinessRegistrationNo: '201901012345',
  businessContactNo: '+60321234567',
  establishedDate: '2019-03-01',
  natureOfBusinessId: 4,
  businessPostcode: '80000',
  applicantName: 'Nur Aisyah binti Ahmad',
  applicantIdentityCardType: 'MYKAD',
  applicantIdentityCardNo: '900101145678',
  applicantDateOfBirth: '1990-01-01',
  applicantGender: 'FEMALE',
  applicantRaceId: 2,
  applicantContactNo: '+60123456789',
  applicantEmail: 'aisyah@example.com',
  partnerId: null,
  referralSourceId: 3,
  referralSourceOther: null,
  acceptMarketingConsent: true,
};

describe('forms started from the registration', () => {
  it('carries the name, NRIC, race, mobile and email into the applicant details', () => {
    const values = initialApplicantValues(draftApplication(), registered);
    expect(values).toMatchObject({
      name: 'Nur Aisyah binti Ahmad',
      identityCardType: 'MYKAD',
      identityCardNo: '900101145678',
      raceId: '2',
      contactCountryCode: '+60',
      contactNo: '123456789',
      personalEmail: 'aisyah@example.com',
      referralSourceId: '3',
      acceptMarketingConsent: true,
    });
  });

  it('carries the date of establishment, nature of business and postcode into the company', () => {
    const values = initialCompanyValues(
      draftApplication({ organizationType: 'COMPANY' }),
      registered,
    );
    expect(values).toMatchObject({
      companyName: 'Kedai Runcit Maju Sdn Bhd',
      newBusinessRegistrationNo: '201901012345',
      establishedDate: '2019-03-01',
      natureOfBusinessId: '4',
      businessContactNo: '321234567',
    });
    expect(values.businessAuthorisedAddress.postcode).toBe('80000');
  });

  it('keeps what was saved over what was registered', () => {
    const application = draftApplication({
      sections: {
        ...draftApplication().sections,
        applicant: {
          ...applicantWithEmail,
          name: 'Nur Aisyah',
          personalEmail: 'own@example.com',
        } as NonNullable<ApplicationSections['applicant']>,
      },
    });
    const values = initialApplicantValues(application, registered);
    expect(values.name).toBe('Nur Aisyah');
    expect(values.personalEmail).toBe('own@example.com');
  });
});

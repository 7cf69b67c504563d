/**
 * The Aadhaar notice on /register/aadhaar-card: read in the farmer's language before the card is
 * asked for, with the retention days and the grievance contact the server configures; the card goes
 * up only after 'I agree', with the notice's version.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import gu from '../../../locales/gu.json';
import hi from '../../../locales/hi.json';
import { DEFAULT_CLIENT_USER } from '../../../src/domain/client-user';
import type { Language } from '../../../src/domain/types';
import { config } from '../../support/shop-fixtures';
import { renderApp } from '../../support/web/render';

const registering = (preferredLanguage: Language) => ({ ...DEFAULT_CLIENT_USER, preferredLanguage, isLoggedIn: true, mobileNumber: '9876543210' });
const open = (language: Language, answer: typeof config | undefined) =>
  renderApp({ path: '/register/aadhaar-card', hasToken: true, persisted: { user: registering(language) }, config: answer });

describe('the Aadhaar notice', () => {
  it('comes before the card: agreeing opens the picker, and the card goes up with the notice version', async () => {
    const app = open('english', config);
    const notice = within(await screen.findByRole('region', { name: 'About your Aadhaar card' }));
    await notice.findByText('We delete it 30 days after your account is verified.');
    notice.getByText('Grievance officer, +91 98123 45678');
    expect(document.getElementById('image-aadhaar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I agree, continue' }));
    await screen.findByRole('heading', { name: 'Upload your Aadhaar card' });
    fireEvent.change(document.getElementById('image-aadhaar')!, { target: { files: [new File(['j'], 'card.jpg', { type: 'image/jpeg' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await act(async () => app.actors.prepareImage.last().resolve(new Blob(['s'], { type: 'image/jpeg' })));
    expect(app.actors.uploadImage.last().input).toMatchObject({ kind: 'aadhaar', consent: 'aadhaar-v1' });
  });

  it('reads in Hindi, with the configured days and contact', async () => {
    open('hindi', config);
    const notice = within(await screen.findByRole('region', { name: hi['onboarding.notice.title'] }));
    await notice.findByText('खाते की जाँच के 30 दिन बाद हम इसे मिटा देंगे।');
    for (const key of ['why', 'who', 'withdraw'] as const) notice.getByText(hi[`onboarding.notice.${key}`]);
    notice.getByText('Grievance officer, +91 98123 45678');
    screen.getByRole('button', { name: hi['onboarding.notice.agree'] });
  });

  it('reads in Gujarati, and says the card goes at verification when no days are kept', async () => {
    open('gujrati', { ...config, aadhaarRetentionDays: 0 });
    const notice = within(await screen.findByRole('region', { name: gu['onboarding.notice.title'] }));
    await notice.findByText('ખાતું ચકાસાય કે તરત અમે તે કાઢી નાખીશું.');
    screen.getByRole('button', { name: gu['onboarding.notice.agree'] });
  });

  it('still reads before the config has arrived (offline), and can be agreed to', async () => {
    open('english', undefined);
    const notice = within(await screen.findByRole('region', { name: 'About your Aadhaar card' }));
    notice.getByText('We delete it some days after your account is verified. How many days shows here once you are online.');
    notice.getByText('Whom to contact shows here once you are online.');
    fireEvent.click(screen.getByRole('button', { name: 'I agree, continue' }));
    await waitFor(() => expect(document.getElementById('image-aadhaar')).not.toBeNull());
  });

  it('lets the farmer skip the step from the notice', async () => {
    const app = open('english', config);
    await screen.findByRole('region', { name: 'About your Aadhaar card' });
    fireEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await waitFor(() => expect(app.path()).toBe('/register/personal-details'));
  });
});

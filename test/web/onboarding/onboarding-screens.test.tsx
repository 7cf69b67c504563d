import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_USER } from '../../../src/domain/client-user';
import { serverUser } from '../../support/machines/session-model';
import { renderApp } from '../../support/web/render';

const waiting = { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' as const, isLoggedIn: true, profileUpdated: true };
const registering = { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' as const, isLoggedIn: true, mobileNumber: '9876543210' };

describe('join us', () => {
  it('shows the title, two carousel images and both buttons leading to the phone screen', async () => {
    const app = renderApp({ path: '/join-us', persisted: { user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' } } });
    await screen.findByRole('heading', { name: 'Join Us!' });
    screen.getByAltText('Farmers in a green field beside a red tractor');
    screen.getByAltText('Bales of straw on a harvested field');
    // The interval sits on the element holding both the slides and the dots, so both animations read it.
    const holder = document.querySelector('.carousel-wrap') as HTMLElement;
    expect(holder.style.getPropertyValue('--carousel-ms')).toBe('3000ms');
    expect(holder.querySelectorAll('.carousel img')).toHaveLength(2);
    expect(holder.querySelectorAll('.carousel-dots span')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.path()).toBe('/auth/generate-otp'));
  });
});

describe('under verification', () => {
  it('refreshes the profile on arrival and lets a verified user in', async () => {
    const app = renderApp({ path: '/under-verification', hasToken: true, persisted: { user: waiting } });
    await screen.findByRole('heading', { name: 'Please wait, Your Account is under Verification' });
    await waitFor(() => expect(app.actors.fetchProfile.calls).toHaveLength(1));
    await act(() => app.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ isVerified: true }) }));
    await waitFor(() => expect(app.path()).toBe('/home'));
  });

  it('checks again on request', async () => {
    const app = renderApp({ path: '/under-verification', hasToken: true, persisted: { user: waiting } });
    await waitFor(() => expect(app.actors.fetchProfile.calls).toHaveLength(1));
    await act(() => app.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({}) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(app.actors.fetchProfile.calls).toHaveLength(2);
  });
});

describe('help while waiting', () => {
  const sent = {
    ...waiting,
    name: 'Savita Patel',
    mobileNumber: '9876543210',
    gender: 'female' as const,
    age: 38,
    farmAddress: 'Near the well, Anand',
    aadhaar: '/api/uploads/a.jpg',
    profilePhoto: null,
    profileSubmittedAt: '2026-11-20T09:30:00.000Z',
  };

  it('shows the details the farmer sent, read-only, with the time they were sent', async () => {
    renderApp({ path: '/under-verification', hasToken: true, persisted: { user: sent } });
    const details = within((await screen.findByRole('heading', { name: 'The details you sent' })).closest('section')!);
    const row = (label: string) => details.getByText(label).closest('div')!.querySelector('dd')!.textContent;
    expect(row('Name')).toBe('Savita Patel');
    expect(row('Mobile Number')).toBe('+91 9876543210');
    expect(row('Gender')).toBe('Female');
    expect(row('Age')).toBe('38');
    expect(row('Farm Address')).toBe('Near the well, Anand');
    expect(row('Preferred Language')).toBe('English');
    expect(row('Aadhaar Card')).toBe('Uploaded');
    expect(row('Profile photo')).toBe('Not uploaded');
    const time = details.getByText(/^Sent on/).querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-11-20T09:30:00.000Z');
    expect(time.textContent).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-20T09:30:00.000Z')));
    expect(details.queryAllByRole('textbox')).toHaveLength(0);
  });

  it("shows the time the server keeps, on a phone that did not send the details", async () => {
    const app = renderApp({ path: '/under-verification', hasToken: true, persisted: { user: { ...sent, profileSubmittedAt: null } } });
    await screen.findByRole('heading', { name: 'The details you sent' });
    expect(screen.queryByText(/^Sent on/)).toBeNull();
    await waitFor(() => expect(app.actors.fetchProfile.calls).toHaveLength(1));
    await act(() => app.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ profileSubmittedAt: '2026-11-21T04:15:00.000Z' }) }));
    const time = (await screen.findByText(/^Sent on/)).querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-11-21T04:15:00.000Z');
  });

  it('says nothing of a time the server does not know', async () => {
    const app = renderApp({ path: '/under-verification', hasToken: true, persisted: { user: { ...sent, profileSubmittedAt: null } } });
    await waitFor(() => expect(app.actors.fetchProfile.calls).toHaveLength(1));
    await act(() => app.actors.fetchProfile.last().resolve({ ok: true, user: serverUser({ profileSubmittedAt: null }) }));
    await screen.findByRole('heading', { name: 'The details you sent' });
    expect(screen.queryByText(/^Sent on/)).toBeNull();
  });

  it('opens Contact Us from the waiting screen and closes it again', async () => {
    renderApp({ path: '/under-verification', hasToken: true, persisted: { user: sent } });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Us' }));
    const sheet = screen.getByRole('dialog', { name: 'Contact Us' });
    expect(sheet).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the personal details form', () => {
  it('marks name, mobile number, gender, Aadhaar card and farm address as required, age and language as optional', async () => {
    renderApp({ path: '/register/personal-details', hasToken: true, persisted: { user: registering } });
    await screen.findByRole('heading', { name: 'Your details' });
    const marked = [...document.querySelectorAll('.required')].map((star) => star.parentElement?.textContent?.replace('*', '').trim());
    expect(marked).toEqual(['Full name', 'Mobile number', 'Gender', 'Aadhaar card', 'Farm address']);
    screen.getByLabelText('Age (optional)');
    screen.getByLabelText('Preferred language (optional)');
  });

  it('starts with the mobile number the user logged in with', async () => {
    renderApp({ path: '/register/personal-details', hasToken: true, persisted: { user: registering } });
    expect(((await screen.findByLabelText(/Mobile number/)) as HTMLInputElement).value).toBe('9876543210');
  });

  it('keeps Submit disabled until the required fields and the Aadhaar image are there', async () => {
    renderApp({ path: '/register/personal-details', hasToken: true, persisted: { user: registering } });
    fireEvent.change(await screen.findByLabelText(/Full name/), { target: { value: 'Kanu' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Male' }));
    fireEvent.change(screen.getByLabelText(/Farm address/), { target: { value: 'Anand' } });
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('persistence across a reload', () => {
  it('restores the chosen language and shows the app in it', async () => {
    renderApp({ path: '/join-us', persisted: { user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'gujrati' } } });
    await screen.findByRole('heading', { name: 'અમારી સાથે જોડાઓ!' });
  });

  it('starts clean from corrupt storage', async () => {
    const app = renderApp({ path: '/join-us', rawPersisted: '{"user": {"isLoggedIn": tr' });
    await waitFor(() => expect(app.path()).toBe('/language-selection'));
    await screen.findByRole('heading', { name: 'Choose your language' });
  });
});

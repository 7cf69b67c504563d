/**
 * /analyst in the running app: its chart runs in the app's one system (its loaders the real ones over a
 * stubbed network), its texts come in the analyst's language with the back office's, and a journey
 * replays step by step, forward and back.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartTraffic, Funnel, Journey } from '../../src/domain/schemas/analytics';
import { indiaToday } from '../../src/domain/india-date';
import { renderAdmin } from '../support/web/admin-harness';

const traffic: ChartTraffic = {
  transitions: [
    { from: 'registration', to: 'registration.filling', event: 'xstate.init', count: 120_000, tested: true },
    { from: 'registration.filling.details.editing', to: 'registration.filling.details.submitting', event: 'details.submit', count: 9, tested: false },
    { from: 'registration.filling.photo.idle', to: 'registration.filling.photo.picked', event: 'photo.pick', count: 0, tested: true },
  ],
  states: [{ state: 'registration.filling', medianMs: 42_000 }],
};
const funnel: Funnel = {
  steps: ['language', 'phone', 'code', 'photo', 'aadhaar', 'details', 'submitted', 'verified'].map((step, i) => ({
    step,
    count: 20 - 2 * i,
    dropOff: i === 0 ? 0 : 2,
    medianMsFromPrevious: i === 0 ? null : 90_000,
  })) as Funnel['steps'],
};
const journey: Journey = {
  id: 'j-1',
  transitions: [
    { chart: 'registration', from: 'registration.filling.photo.idle', to: 'registration.filling.photo.picked', event: 'photo.pick', at: 1_000 },
    { chart: 'registration', from: 'registration.filling.details.editing', to: 'registration.filling.details.submitting', event: 'details.submit', at: 181_000 },
  ],
} as Journey;

/** The analytics answers, by path; the journeys of the day asked for are recorded (none on the days `empty` names). */
function serveAnalytics(days: string[], empty: string[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const answer = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/analytics/charts') return answer([{ chartId: 'registration', total: 21 }]);
      if (url.pathname === '/api/analytics/charts/registration') return answer(traffic);
      if (url.pathname === '/api/analytics/funnel') return answer(funnel);
      if (url.pathname === '/api/analytics/journeys') {
        days.push(url.searchParams.get('day')!);
        return answer(empty.includes(url.searchParams.get('day')!) ? [] : [{ id: 'j-1', day: url.searchParams.get('day'), length: 2 }]);
      }
      if (url.pathname === '/api/analytics/journeys/j-1') return answer(journey);
      void init;
      return new Response('{}', { status: 404 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/analyst', () => {
  it("shows the chart's traffic, the funnel and what is tested against used, and replays a journey, in English", async () => {
    const days: string[] = [];
    serveAnalytics(days);
    const view = renderAdmin('/analyst', 'english');
    await screen.findByRole('heading', { name: 'registration: 120,009 transitions in 30 days' }, { timeout: 10_000 });
    expect(view.app().system.get('analystView')).toBeDefined();
    within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: '30 days', pressed: true });
    const steps = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-step'));
    expect(steps.map((li) => li.querySelector('.analyst-funnel-name')!.textContent)).toEqual([
      'Language chosen', 'Number sent', 'Code accepted', 'Photo', 'Aadhaar', 'Details sent', 'Submitted', 'Verified (home)',
    ]);
    expect(steps[1]!.textContent).toContain('−2 · 2 min');
    screen.getByRole('heading', { name: 'Used, but no generated test path takes them (1)' });
    screen.getByText((_, el) => el?.tagName === 'LI' && el.textContent === 'filling.details.editing → filling.details.submitting on details.submit: 9');
    screen.getByRole('heading', { name: 'Tested, but never used in 30 days (1)' });
    // Today's journeys, the day named by the loader (India's), not by the screen.
    await waitFor(() => expect(days).toEqual([indiaToday(Date.now())]));
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe(days[0]);

    await userEvent.click(await screen.findByRole('button', { name: 'Journey 1: 2 transitions' }));
    const step = await screen.findByTestId('analyst-step');
    expect(step.textContent).toBe('Step 0 of 2');
    const back = screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement;
    const forward = screen.getByRole('button', { name: 'Forward' }) as HTMLButtonElement;
    expect([back.disabled, forward.disabled]).toEqual([true, false]);
    await userEvent.click(forward);
    await userEvent.click(forward);
    expect(step.textContent).toBe('Step 2 of 2: registration filling.details.editing → filling.details.submitting on details.submit, after 3 min');
    expect([back.disabled, forward.disabled]).toEqual([false, true]);
    await userEvent.click(back);
    expect(step.textContent).toBe('Step 1 of 2: registration filling.photo.idle → filling.photo.picked on photo.pick, after 0 ms');
  });

  it("opens on yesterday's journeys early in India's morning, when today has none yet", async () => {
    const days: string[] = [];
    const today = indiaToday(Date.now());
    const yesterday = indiaToday(Date.now() - 86_400_000);
    serveAnalytics(days, [today]);
    renderAdmin('/analyst', 'english');
    await screen.findByRole('button', { name: 'Journey 1: 2 transitions' }, { timeout: 10_000 });
    expect(days).toEqual([today, yesterday]);
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe(yesterday);
  });

  it('speaks Hindi to an analyst who chose it', async () => {
    serveAnalytics([]);
    renderAdmin('/analyst', 'hindi');
    await screen.findByRole('heading', { name: 'असली इस्तेमाल में चार्ट' }, { timeout: 10_000 });
    await screen.findByRole('heading', { name: 'registration: 30 दिनों में 1,20,009 ट्रांज़िशन' });
    within(screen.getByRole('group', { name: 'अवधि' })).getByRole('button', { name: '7 दिन' });
    screen.getByRole('heading', { name: 'साइन-अप फ़नल' });
    screen.getByText('OTP स्वीकार हुआ');
    screen.getByRole('heading', { name: 'इस्तेमाल हुए, पर किसी जनरेटेड टेस्ट पाथ में नहीं (1)' });
    await userEvent.click(await screen.findByRole('button', { name: 'जर्नी 1: 2 ट्रांज़िशन' }));
    await userEvent.click(screen.getByRole('button', { name: 'आगे' }));
    await act(async () => undefined);
    expect(screen.getByTestId('analyst-step').textContent).toBe('2 में से कदम 1: registration photo.pick पर filling.photo.idle → filling.photo.picked, 0 मि॰से॰ बाद');
    screen.getByRole('button', { name: 'इंस्पेक्टर में खोलें' });
    screen.getByRole('button', { name: 'लॉग आउट करें' });
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expandedUser, visibleUsers, type AdminUsersContext } from '../../machines/admin-users.machine';
import { page, USERS } from '../support/machines/admin-fixtures';
import { userEventsIn, USERS_LINK, USERS_MODEL_LIMIT, usersModel } from '../support/machines/admin-model-events';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { answer, renderAdmin } from '../support/web/admin-harness';
import { click, expectEnabled, expectHistoryIn, expectPageFooter, runPath, typeInto, type ScreenDriver, type Snapshot } from '../support/web/admin-drive';

const ctx = (snapshot: Snapshot) => snapshot.context as AdminUsersContext;
const nameOf = (id: string) => USERS.find((u) => u._id === id)!.name!;
const list = () => screen.getByRole('list', { name: 'Users' });
const openDetails = () => list().querySelector<HTMLElement>('.admin-user-details')!;
const valueOf = (label: string) => within(openDetails()).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

/** The photo and the Aadhaar image run their own charts; along these paths their fetch never answers. */
function expectImagesPending(user: { profilePhoto: string | null; aadhaar: string | null }) {
  expect(valueOf('Photo').textContent).toBe(user.profilePhoto ? 'Loading image...' : 'Not given');
  expect(valueOf('Aadhaar card').textContent).toBe(user.aadhaar ? 'Loading image...' : 'Not given');
}

const driver: ScreenDriver = {
  path: USERS_LINK,
  effects: { userHistory: 'userHistory', load: 'loadUsers', more: 'loadUsers', verifyUser: 'verifyUser', verifyUsers: 'verifyUsers', export: 'exportUsers' },
  async gestures(event) {
    switch (event.type) {
      case 'search.change':
        return typeInto(await screen.findByRole('searchbox', { name: 'Search by name or mobile number' }), event.query);
      case 'list.more':
        return click(screen.getByRole('button', { name: 'Load more' }));
      case 'list.reload':
        return click(screen.getByRole('button', { name: 'Try again' }));
      case 'user.expand':
        return click(within(list()).getByRole('button', { name: new RegExp(nameOf(event.id)) }));
      case 'user.collapse':
        return click(list().querySelector<HTMLElement>('[aria-expanded="true"]')!);
      case 'user.verify':
        return click(within(openDetails()).getByRole('button', { name: 'Verify' }));
      case 'status.change':
        return userEvent.selectOptions(await screen.findByLabelText('Filter by status'), event.status ?? '');
      case 'filter.remove':
        return click(screen.getByRole('button', { name: /^Remove filter: / }));
      case 'list.export':
        return click(screen.getByRole('button', { name: /^(Export CSV|Exporting\.\.\.)$/ }));
      case 'selection.toggle':
        return click(screen.getByRole('checkbox', { name: 'Select Bhavesh Shah' }));
      case 'selection.clear':
        // With users ticked the bar clears them; after a bulk verification the outcome line closes.
        return click(screen.queryByRole('button', { name: 'Clear selection' }) ?? screen.getByRole('button', { name: 'Close' }));
      case 'selection.verify':
        return click(screen.getByRole('button', { name: 'Verify selected' }));
      default:
        throw new Error(`No gesture for ${event.type}`);
    }
  },
  assertions: {
    'list.loading': () => {
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Loading...');
    },
    'list.loadFailed': () => {
      expect(screen.getByRole('alert').textContent).toBe('Failed to fetch users.');
    },
    'list.browsing.idle': (snapshot) => {
      expect(screen.queryByText('Loading...', { selector: '[role=status]' })).toBeNull();
      expectPageFooter(snapshot);
    },
    'list.browsing.debouncing': (snapshot) => expectPageFooter(snapshot),
    'list.browsing.more': (snapshot) => expectPageFooter(snapshot),
    'list.browsing.moreFailed': (snapshot) => {
      expectPageFooter(snapshot);
      expect(screen.getByRole('alert').textContent).toBe('Could not load more.');
    },
    'list.verifying': (snapshot) => {
      // No new search or filter while it runs: it would stop the verification with no word.
      expect(screen.getByRole('searchbox', { name: 'Search by name or mobile number' })).toHaveProperty('disabled', true);
      expect(screen.getByLabelText('Filter by status')).toHaveProperty('disabled', true);
      // The admin may close the details, or open another user's, while the verification runs: only
      // the button of the user being verified says so, and no Verify can be pressed meanwhile.
      const open = expandedUser(ctx(snapshot));
      if (open === undefined) expect(openDetails()).toBeNull();
      else if (open.isVerified) expect(within(openDetails()).queryByRole('button')).toBeNull();
      else {
        const name = open._id === ctx(snapshot).verifyingId ? 'Verifying...' : 'Verify';
        expect(within(openDetails()).getByRole('button', { name })).toHaveProperty('disabled', true);
      }
    },
    'list.verifyingSelected': (snapshot) => {
      expect(screen.getByRole('group').textContent).toContain(`${ctx(snapshot).selected.length} selected`);
      expect(screen.getByRole('button', { name: 'Working...' })).toHaveProperty('disabled', true);
      expect(screen.getByRole('searchbox', { name: 'Search by name or mobile number' })).toHaveProperty('disabled', true);
    },
    'list.verifySelectedFailed': (snapshot) => {
      expect(screen.getByText('The change could not be sent. Try again.').textContent).toBeTruthy();
      // The ticks stay for another try (unless the admin unticked them all).
      const count = ctx(snapshot).selected.length;
      if (count > 0) expect(screen.getByRole('group').textContent).toContain(`${count} selected`);
      else expect(screen.queryByRole('group')).toBeNull();
    },
    'list.verifyFailed': () => {
      expect(screen.getByRole('alert').textContent).toBe('Failed to verify the user.');
      expect(screen.getByRole('searchbox', { name: 'Search by name or mobile number' })).toHaveProperty('disabled', false);
    },
    'detail.collapsed': () => {
      expect(list().querySelector('[aria-expanded="true"]')).toBeNull();
    },
    'detail.expanded': (snapshot) => {
      expectHistoryIn(openDetails(), snapshot);
      const user = expandedUser(ctx(snapshot))!;
      const open = list().querySelector<HTMLElement>('[aria-expanded="true"]')!;
      expect(open.textContent).toContain(user.name);
      expect(valueOf('Mobile number').textContent).toBe(user.mobileNumber);
      expect(valueOf('Farm address').textContent).toBe(user.farmAddress);
      expect(valueOf('Language').textContent).toBe('Gujarati');
      expect(valueOf('Geolocation').textContent).toBe('22.20000, 69.65000 (±12 m)');
      const verify = within(openDetails()).queryByRole('button', { name: /Verify/ });
      if (user.isVerified) expect(verify).toBeNull();
      else expectEnabled(verify!, snapshot.can({ type: 'user.verify', id: user._id }));
      expectImagesPending(user);
    },
    list: (snapshot) => {
      const names = [...list().querySelectorAll('button[aria-expanded]')].map((b) => b.querySelector('strong')?.textContent);
      expect(names).toEqual(visibleUsers(ctx(snapshot)).map((u) => u.name));
      expect(screen.getByLabelText('Filter by status')).toHaveProperty('value', ctx(snapshot).status ?? '');
    },
  },
};

describe('the admin users screen, driven along the chart’s paths', () => {
  const input = { location: USERS_LINK };
  const paths = modelPaths(usersModel, {
    events: (snapshot) => userEventsIn(snapshot as Snapshot & { context: AdminUsersContext }),
    limit: USERS_MODEL_LIMIT,
    input,
  });

  it('drives paths that take every transition of the chart', () => {
    assertFullCoverage(usersModel, paths, input);
  });

  for (const path of paths) {
    it(`shows each state along: ${path.name}`, async () => {
      await runPath(usersModel, path, driver);
    });
  }
});

describe('the admin users screen’s images', () => {
  it('shows each image its own chart fetched, and says when one could not be loaded', async () => {
    const rendered = renderAdmin('/admin/users');
    await answer(rendered.effects.loadUsers, { type: 'xstate.done.actor.loadUsers', output: page(USERS) });
    // The screen's code loads lazily: the list shows once it has.
    await click(within(await screen.findByRole('list', { name: 'Users' })).getByRole('button', { name: /Bhavesh Shah/ }));
    const fetchOf = (url: string) => rendered.effects.fetchImage.runs.filter((run) => run.input.url === url && !run.stopped).at(-1)!;
    await waitFor(() => expect(fetchOf('/api/uploads/aadhaar0001')).toBeTruthy());
    await act(async () => fetchOf('/api/uploads/photo0001').send({ type: 'image.loaded', src: 'blob:photo-u2' }));
    await act(async () => fetchOf('/api/uploads/aadhaar0001').send({ type: 'image.failed' }));
    expect(within(valueOf('Photo')).getByRole('img', { name: 'Photo of Bhavesh Shah' }).getAttribute('src')).toBe('blob:photo-u2');
    expect(valueOf('Aadhaar card').textContent).toBe('The image could not be loaded.');
    rendered.unmount();
  });
});

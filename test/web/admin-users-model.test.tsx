import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expandedUser, visibleUsers, type AdminUsersContext } from '../../machines/admin-users.machine';
import { USERS } from '../machines/admin-fixtures';
import { userEventsIn, USERS_MODEL_LIMIT, usersModel } from '../machines/admin-model-events';
import { assertFullCoverage, modelPaths } from '../support/model-coverage';
import { click, expectEnabled, expectHistoryIn, expectPageFooter, runPath, typeInto, type ScreenDriver, type Snapshot } from './admin-drive';

const ctx = (snapshot: Snapshot) => snapshot.context as AdminUsersContext;
const nameOf = (id: string) => USERS.find((u) => u._id === id)!.name!;
const list = () => screen.getByRole('list', { name: 'Users' });
const openDetails = () => list().querySelector<HTMLElement>('.admin-user-details')!;
const valueOf = (label: string) => within(openDetails()).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

function imageAssertions(kind: 'photo' | 'aadhaar', label: string, alt: (name: string) => string) {
  return {
    [`detail.expanded.${kind}.absent`]: () => {
      expect(valueOf(label).textContent).toBe('Not given');
    },
    [`detail.expanded.${kind}.present.loading`]: () => {
      expect(valueOf(label).textContent).toBe('Loading image...');
    },
    [`detail.expanded.${kind}.present.shown`]: (snapshot: Snapshot) => {
      const user = expandedUser(ctx(snapshot))!;
      const image = within(valueOf(label)).getByRole('img', { name: alt(user.name ?? user.mobileNumber) });
      expect(image.getAttribute('src')).toBe(kind === 'photo' ? ctx(snapshot).photoSrc : ctx(snapshot).aadhaarSrc);
    },
    [`detail.expanded.${kind}.present.unavailable`]: () => {
      expect(valueOf(label).textContent).toBe('The image could not be loaded.');
    },
  };
}

const driver: ScreenDriver = {
  path: '/admin/users',
  effects: { userHistory: 'userHistory', loadUsers: 'loadUsers', moreUsers: 'loadUsers', verifyUser: 'verifyUser' },
  async gestures(event, rendered) {
    switch (event.type) {
      case 'search.change':
        return typeInto(screen.getByRole('searchbox', { name: 'Search by name or mobile number' }), event.query);
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
      case 'photo.loaded':
      case 'photo.failed':
        return act(async () => rendered.effects.photoImage.last().send(event));
      case 'aadhaar.loaded':
      case 'aadhaar.failed':
        return act(async () => rendered.effects.aadhaarImage.last().send(event));
      default:
        throw new Error(`No gesture for ${event.type}`);
    }
  },
  assertions: {
    'list.loading': () => {
      expect(screen.getByText('Loading...', { selector: '[role=status]' })).toBeTruthy();
    },
    'list.loadFailed': () => {
      expect(screen.getByRole('alert').textContent).toBe('Failed to fetch users.');
    },
    list: (snapshot) => {
      const names = [...list().querySelectorAll('button[aria-expanded]')].map((b) => b.querySelector('strong')?.textContent);
      expect(names).toEqual(visibleUsers(ctx(snapshot)).map((u) => u.name));
    },
    'list.loaded': (snapshot) => {
      expect(screen.queryByText('Loading...', { selector: '[role=status]' })).toBeNull();
      expectPageFooter(snapshot);
    },
    'list.debouncing': (snapshot) => expectPageFooter(snapshot),
    'list.more': (snapshot) => expectPageFooter(snapshot),
    'list.moreFailed': (snapshot) => {
      expectPageFooter(snapshot);
      expect(screen.getByRole('alert').textContent).toBe('Could not load more.');
    },
    'list.verifying': () => {
      expect(within(openDetails()).getByRole('button', { name: 'Verifying...' })).toHaveProperty('disabled', true);
    },
    'list.verifyFailed': () => {
      expect(screen.getByRole('alert').textContent).toBe('Failed to verify the user.');
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
    },
    ...imageAssertions('photo', 'Photo', (name) => `Photo of ${name}`),
    ...imageAssertions('aadhaar', 'Aadhaar card', (name) => `Aadhaar card of ${name}`),
  },
};

describe('the admin users screen, driven along the chart’s paths', () => {
  const paths = modelPaths(usersModel, {
    events: (snapshot) => userEventsIn(snapshot as Snapshot & { context: AdminUsersContext }),
    limit: USERS_MODEL_LIMIT,
  });

  it('drives paths that take every transition of the chart', () => {
    assertFullCoverage(usersModel, paths);
  });

  for (const path of paths) {
    it(`shows each state along: ${path.name}`, async () => {
      await runPath(usersModel, path, driver);
    });
  }
});

import { render, screen } from '@testing-library/react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import hi from '../../locales/hi.json';
import hiAdmin from 'virtual:messages/hi/admin';
import hiApp from 'virtual:messages/hi/app';
import { withAdminMessages } from '../../src/web/admin/admin-messages';
import { loadMessages } from '../../src/web/i18n/messages';

describe("the admin section's texts", () => {
  it("are not in the catalogue every phone downloads", async () => {
    const app = await loadMessages('hi');
    expect(Object.keys(app).filter((k) => k.startsWith('admin.'))).toEqual([]);
    expect(Object.keys(hiApp).filter((k) => k.startsWith('admin.'))).toEqual([]);
    expect(app['shop.nav.home']).toBeTruthy();
  });

  it('are a catalogue of their own, holding only admin keys, complete in Hindi', () => {
    const adminKeys = Object.keys(en).filter((k) => k.startsWith('admin.'));
    expect(Object.keys(hiAdmin).sort()).toEqual(adminKeys.sort());
  });

  it('are laid over the app messages for an admin screen, in its language', async () => {
    const app = await loadMessages('hi');
    const Dashboard = withAdminMessages(() => (
      <h1>
        <FormattedMessage id="admin.dashboard.users" /> / <FormattedMessage id="shop.nav.home" />
      </h1>
    ));
    render(
      <IntlProvider locale="hi" messages={app}>
        <Dashboard />
      </IntlProvider>,
    );
    // The app's splash shows until the admin texts have arrived, then the screen in Hindi.
    await screen.findByRole('heading', { name: `${hi['admin.dashboard.users']} / ${hi['shop.nav.home']}` });
  });
});

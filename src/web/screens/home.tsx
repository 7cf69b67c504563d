/**
 * /home (SPEC §2): the farmer's photo and name (→ /profile), 'Admin Dashboard' for admins, the
 * debounced search, the 3-column product grid (→ /sku-details) and the products' descriptions.
 * The catalogue refreshes every SKU_REFRESH_MS while this screen is open: it follows the session's
 * location itself (catalogue.machine `locationWatch`), so this view only renders and sends.
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isCatalogueLoading, visibleSkus } from '../../../machines/catalogue.machine';
import { mayOpen } from '../../../machines/session-routing';
import { ROUTES } from '../../domain/routes';
import { SearchIcon } from '../shop/icons';
import { NavLink } from '../shop/nav-link';
import { ProductImage, tilePriority } from '../shop/product-image';
import { ShopLayout } from '../shop/shop-layout';
import { UserAvatar } from '../shop/user-avatar';
import { useCatalogue, useUser } from '../shop/use-shop';
import { skuName, skuText } from '../../domain/sku-text';

export default function HomeScreen() {
  const catalogue = useCatalogue();
  const user = useUser();
  const intl = useIntl();
  const query = useSelector(catalogue, (s) => s.context.query);
  const skus = useSelector(catalogue, visibleSkus);
  const loading = useSelector(catalogue, isCatalogueLoading);
  const searching = useSelector(catalogue, (s) => s.context.appliedQuery !== '');

  const header = (
    <header className="shop-header shop-home-header">
      <NavLink to={ROUTES.profile} className="shop-user" label={intl.formatMessage({ id: 'shop.home.openProfile', defaultMessage: 'Open my profile' })}>
        <UserAvatar name={user.name ?? ''} size={44} />
        <span className="shop-user-text">
          <span className="shop-muted">
            <FormattedMessage id="shop.home.greeting" defaultMessage="Welcome" />
          </span>
          <strong>{user.name}</strong>
        </span>
      </NavLink>
      {mayOpen(user, ROUTES.admin) ? (
        <NavLink to={ROUTES.admin} className="shop-button shop-button-small shop-button-outline">
          <FormattedMessage id="shop.home.adminDashboard" defaultMessage="Admin Dashboard" />
        </NavLink>
      ) : null}
    </header>
  );

  return (
    <ShopLayout header={header} cartBar>
      <div className="shop-search">
        <SearchIcon />
        <input
          type="search"
          value={query}
          onChange={(e) => catalogue.send({ type: 'search.change', query: e.target.value })}
          placeholder={intl.formatMessage({ id: 'shop.home.searchPlaceholder', defaultMessage: 'Search straw, husk, shells…' })}
          aria-label={intl.formatMessage({ id: 'shop.home.searchLabel', defaultMessage: 'Search products' })}
        />
      </div>

      <section aria-labelledby="shop-overview-title">
        <h1 id="shop-overview-title" className="shop-section-title">
          <FormattedMessage id="shop.home.overviewTitle" defaultMessage="Product Overview" />
        </h1>
        {skus.length === 0 ? (
          <p className="shop-empty" role="status">
            {loading ? (
              <FormattedMessage id="common.loading" defaultMessage="Loading..." />
            ) : searching ? (
              <FormattedMessage id="shop.home.noMatch" defaultMessage="No products match your search" />
            ) : (
              <FormattedMessage id="shop.home.noProducts" defaultMessage="No products yet" />
            )}
          </p>
        ) : (
          <ul className="shop-grid">
            {skus.map((sku, index) => (
              <li key={sku._id}>
                <NavLink to={`${ROUTES.skuDetails}?sku_id=${encodeURIComponent(sku.skuDisplayId)}`} className="shop-tile">
                  {/* The name below labels the link; the picture adds nothing a screen reader should repeat. */}
                  <ProductImage src={sku.image} alt="" size="tile" priority={tilePriority(index)} />
                  <span className="shop-tile-name">{skuName(sku, intl.locale)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </section>

      {skus.length > 0 ? (
        <section aria-labelledby="shop-description-title">
          <h2 id="shop-description-title" className="shop-section-title">
            <FormattedMessage id="shop.home.descriptionTitle" defaultMessage="Product Description" />
          </h2>
          <dl className="shop-descriptions">
            {skus.map((sku) => (
              <div key={sku._id} className="shop-card">
                <dt>{skuName(sku, intl.locale)}</dt>
                <dd>{skuText(sku, 'description', intl.locale)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </ShopLayout>
  );
}

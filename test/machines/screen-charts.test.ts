/** The table of which chart a screen runs (DECISIONS 004), read by the app chart and the views. */
import { describe, expect, it } from 'vitest';
import { adminChartFor, screenChartFor } from '../../machines/screen-charts';

describe('the chart a screen runs', () => {
  it('names the list, and each quotation opened by the id its link gives', () => {
    expect(screenChartFor('/request')).toEqual({ id: 'quotationList', systemId: 'quotationList', quotationId: '' });
    expect(screenChartFor('/quotation-details?quotation_id=QT100001')).toEqual({
      id: 'quotationDetail',
      systemId: 'quotationDetail:QT100001',
      quotationId: 'QT100001',
    });
    expect(screenChartFor('/order-status?from=list&quotation_id=q-3')).toEqual({ id: 'orderTracking', systemId: 'orderTracking:q-3', quotationId: 'q-3' });
  });

  it('opens a link without its quotation id under an empty id', () => {
    expect(screenChartFor('/order-status')).toEqual({ id: 'orderTracking', systemId: 'orderTracking:', quotationId: '' });
    expect(screenChartFor('/quotation-details?other=1')).toEqual({ id: 'quotationDetail', systemId: 'quotationDetail:', quotationId: '' });
  });

  it('runs none for the other screens, or before the session knows a location', () => {
    for (const location of ['/home', '/cart', '/admin/users', '/requests', '/']) expect(screenChartFor(location), location).toBeNull();
    expect(screenChartFor(null)).toBeNull();
  });

  it('names the admin chart of each admin list screen, and none elsewhere', () => {
    expect(adminChartFor('/admin/users')).toBe('adminUsers');
    expect(adminChartFor('/admin/skus?q=straw')).toBe('adminSkus');
    expect(adminChartFor('/admin/quotations')).toBe('adminQuotations');
    expect(adminChartFor('/admin/orders')).toBe('adminOrders');
    expect(adminChartFor('/admin')).toBe('adminDashboard');
    expect(adminChartFor('/request')).toBeNull();
    expect(adminChartFor(null)).toBeNull();
  });
});

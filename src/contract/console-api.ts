import { z } from 'zod';
import {
  addAccountRoute,
  changeAccountRoute,
  finishSingleSignOnRoute,
  getSessionRoute,
  listAccountsRoute,
  removeAccountRoute,
  signInRoute,
  signOutRoute,
  startSingleSignOnRoute,
} from './access-schemas';
import { listAuditLogRoute } from './audit-log';
import { claimPacketCsvRoute, claimPacketPdfRoute } from './claim-packet';
import { getConfigRoute } from './console-config';
import type { ConsoleRoute } from './console-route';
import {
  exportOrdersRoute,
  exportOrdersWorkbookRoute,
  exportReceivesRoute,
  exportReceivesWorkbookRoute,
  listOrdersRoute,
  listReceivesRoute,
} from './index-lists';
import {
  getIndexStatusRoute,
  getOrderReturnsRoute,
  getProductDescriptionsRoute,
  getRecordRoute,
} from './index-records';
import { searchRoute } from './index-search';
import { liveEventsRoute } from './live-change';
import { exportRecallListRoute, exportRecallWorkbookRoute, traceLotRoute } from './part-trace';
import { checkProductImportRoute, createProductImportRoute } from './product-import';
import { getRecordActivityRoute } from './record-activity';
import { getCustomerRoute, getSupplierRoute } from './parties';
import { exportStockRoute, exportStockWorkbookRoute, getProductStockRoute, listStockRoute } from './stock';
import { getUnitCostsRoute, setUnitCostsRoute } from './unit-costs';
import { getWorkQueuesRoute, getWorkTrendsRoute } from './work-queues';

/**
 * The console's own API under /api, declared once beside each answer's schema: the server installs exactly
 * these (a test holds it to that), the browser calls them through callOperation, and /api/openapi.json
 * describes them.
 */
export const consoleRoutes = {
  getSession: getSessionRoute,
  signIn: signInRoute,
  signOut: signOutRoute,
  startSingleSignOn: startSingleSignOnRoute,
  finishSingleSignOn: finishSingleSignOnRoute,
  listAccounts: listAccountsRoute,
  addAccount: addAccountRoute,
  changeAccount: changeAccountRoute,
  removeAccount: removeAccountRoute,
  getConfig: getConfigRoute,
  listAuditLog: listAuditLogRoute,
  search: searchRoute,
  getIndexStatus: getIndexStatusRoute,
  getRecord: getRecordRoute,
  getOrderReturns: getOrderReturnsRoute,
  getProductDescriptions: getProductDescriptionsRoute,
  getRecordActivity: getRecordActivityRoute,
  listOrders: listOrdersRoute,
  exportOrders: exportOrdersRoute,
  exportOrdersWorkbook: exportOrdersWorkbookRoute,
  listReceives: listReceivesRoute,
  exportReceives: exportReceivesRoute,
  exportReceivesWorkbook: exportReceivesWorkbookRoute,
  claimPacketPdf: claimPacketPdfRoute,
  claimPacketCsv: claimPacketCsvRoute,
  getUnitCosts: getUnitCostsRoute,
  setUnitCosts: setUnitCostsRoute,
  getWorkQueues: getWorkQueuesRoute,
  getWorkTrends: getWorkTrendsRoute,
  traceLot: traceLotRoute,
  exportRecallList: exportRecallListRoute,
  exportRecallWorkbook: exportRecallWorkbookRoute,
  checkProductImport: checkProductImportRoute,
  createProductImport: createProductImportRoute,
  liveEvents: liveEventsRoute,
  listStock: listStockRoute,
  exportStock: exportStockRoute,
  exportStockWorkbook: exportStockWorkbookRoute,
  getProductStock: getProductStockRoute,
  getCustomer: getCustomerRoute,
  getSupplier: getSupplierRoute,
  receiveWebhook: {
    method: 'POST',
    path: '/webhooks/warehouse',
    summary:
      "The operator's webhook: one delivery of an order, receive, return or product, answered once it is kept",
    access: 'webhook-token',
    query: {
      token: { description: 'The webhook token, when it is not sent as the x-webhook-token header' },
      'organization-slug': {
        description:
          'The organization the delivery is for, when it is not sent as the organization-slug header',
      },
    },
    body: z.unknown(),
    answer: z.looseObject({ outcome: z.string() }),
  },
  getOpenApi: {
    method: 'GET',
    path: '/openapi.json',
    summary: "This description of the console's API, in OpenAPI 3.1",
    access: 'signed-in',
    answer: { mediaType: 'application/json', description: 'The OpenAPI 3.1 document (not in an envelope)' },
  },
} as const satisfies Record<string, ConsoleRoute>;

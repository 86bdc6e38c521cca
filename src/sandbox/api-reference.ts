import { incoterms } from '../contract/incoterms';
import { listing } from '../contract/query-parameters';
import type { SandboxConfig } from './config';
import { MAX_LISTED_PROBLEMS } from './errors';
import { MAX_ARRAY_ELEMENTS, MAX_BODY_BYTES, MAX_BODY_VALUES } from './request-body';
import type { SandboxRoute } from './route-table';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const errorRows: [string, number | string, string][] = [
  ['unauthorized', 401, 'No x-api-key, or a key the service does not know'],
  ['organization_required', 401, 'The multi-organization key without an organization-slug header'],
  ['unknown_organization', 401, 'organization-slug names no organization of the key'],
  [
    'validation_failed',
    400,
    'Malformed JSON (pointer "/"), missing or ill-typed fields, a broken rule or a bad query parameter; one item per problem',
  ],
  ['not_found', 404, 'Unknown id, unknown product code on get-id, unknown route'],
  [
    'conflict',
    409,
    'productCode or primaryReference already used in the organization; an order update while a shipment is outside ENT and HEL; an operator action the shipment life cycle does not allow (the detail says why)',
  ],
  ['payload_too_large', 413, `A body over ${MAX_BODY_BYTES} bytes (1 MiB)`],
  ['unsupported_media_type', 415, 'POST or PATCH whose Content-Type is not JSON'],
  [
    'host_not_allowed',
    403,
    'A Host header other than 127.0.0.1, localhost or an entry of SANDBOX_ALLOWED_HOSTS (DNS rebinding)',
  ],
  ['cross_site_request', 403, 'A request a browser sent to the interface from a page of another origin'],
  ['internal_error', 500, 'A fault of the service itself; no request can cause it on purpose'],
  [
    'too_many_problems',
    "the answer's",
    `The last item when a refusal has more than ${MAX_LISTED_PROBLEMS} problems: the detail says how many more were not listed`,
  ],
];

const behaviors = [
  'Every response, success or failure, is the envelope { data, id, resource: [], errors }. On failure data is {} and errors holds one item { id, status, code, title, detail, source: { pointer } } per problem; source also names the query parameter or header at fault when it is one.',
  'Request bodies may name members in camelCase or PascalCase at any depth. Query parameter names are matched without regard to case.',
  'Resource ids are 24 lowercase hex characters; every timestamp the sandbox writes has whole seconds and +00:00 (2026-11-20T09:15:00+00:00).',
  'Data belongs to one organization: nothing created under one is visible, by id or by reference, under another (404 or an empty list).',
  'Product: productCode is at most 35 characters, unique and immutable. pickMode defaults to ASP. ANE needs the serial-number attribute with requiredForWarehouseRelease false and requiredForRfConfirmation true. At most one attribute may require RF confirmation, and an attribute cannot require both. Dimensions and weight are 0 when not sent; productAttributes and customFields are [] when none.',
  'Product update (beta): only the fields sent change. Sending productAttributes or customFields, or a different productCode, is a 400. A change of pickMode to ANE must satisfy the ANE rule against the stored attributes.',
  'Order create: status PRS with one shipment in ENT carrying a WHE milestone (sequence "1"). Lines are numbered from "1". rateGroup with a transportDetail naming a carrier is a 400; an unset transportDetail or jobCosting is answered as {}; the carrier chosen by rate shopping appears later in the shipment\'s trackingDetail.',
  "Order update (PATCH /warehouse/v1/order/{id}, also /orders/{id}): a full replacement under the create-time rules. warehouseCode and primaryReference must equal the originals (400); every shipment must be ENT or HEL (409). Open shipments' copies of the order's fields follow.",
  "Receive create: status PRS with one shipment in PRS (first milestone WHE 'Created', the warehouse's wmsDocketId); the shipment's lines start at quantity 0 with no sublines, an empty holdCode and totalQuantity 0, and show what actually arrives; arrivalDate is set when the first goods arrive. Lines keep their palletId and partAttributes (one line per serial number is normal) and may share an externalLineReference. subtype RET makes it a return; reads use the same endpoints.",
  'Lookups by productcode or PrimaryReference are exact; no match is 200 with an empty list.',
  `Lists: newest dateLastUpdated first; limit 1 to 200 (default 50), though a page of large documents stops before its JSON passes ${listing.pageBytes / 1024 / 1024} MiB; cursor from the previous page's nextCursor (null on the last page); dateLastUpdatedFrom and dateLastUpdatedTo (ISO 8601, inclusive); status (orders and receives); subtype RET or none (receives).`,
  "Shipment life cycle: order shipments ENT → PIC → FIN, ENT or PIC ↔ HEL, ENT, PIC or HEL → CAN. An order is FIN when every shipment is FIN, CAN when every shipment is CAN, FIN when all are final and one is FIN, else PRS; receives likewise. The warehouse's own steps are the operator actions under /sandbox/v1.",
  'Operator actions (/sandbox/v1, same authentication): every body is optional. Each answers the full updated order or receive, moves its dateLastUpdated and status, and answers 409 for a move the life cycle forbids (ship a canceled shipment, receive into a finalized one). {orderId} and {receiveId} accept the id or the primaryReference; the shipment id may be left out while exactly one shipment is open.',
  'Demo data (SANDBOX_SEED=demo, the default): an empty database is filled with a deterministic week of a warehouse, for the organization of the single-organization key (or, inside the console, the organization it is set to): 40 products, 150 orders (SO-100001 to SO-100150) in every state, 30 receives (PO-200001 to PO-200030) and 10 returns (RMA-300001 to RMA-300010), dates relative to the start. SANDBOX_AUTOPILOT=on moves other open orders and receives through the life cycle within a few minutes and places a new order now and then.',
  'Webhooks (with SANDBOX_WEBHOOK_URL, or inside the console): every change of an order or receive after the demo seed (create, update, operator action, autopilot) is written to an outbox in the same transaction and POSTed to the address with content-type application/json, the headers of SANDBOX_WEBHOOK_HEADERS and the document itself as the body (not the envelope). Only exactly 200 with a JSON body counts as delivered; anything else is retried with a doubling backoff (1 s to 5 min, with jitter) up to SANDBOX_WEBHOOK_MAX_ATTEMPTS (default 10). Deliveries of one record may arrive out of order or twice. GET /sandbox/v1/webhooks/deliveries lists them.',
  'Incoterms are not checked against the countries of the order (the interface plans to, later).',
  `A body is refused before it is read any further (400, the pointer naming where) when a list in it holds more than ${MAX_ARRAY_ELEMENTS.toLocaleString('en-US')} items, it holds more than ${MAX_BODY_VALUES.toLocaleString('en-US')} values in all, or it nests deeper than 32 levels. Text and lists of the documents have limits of their own, given as maxLength and maxItems in the OpenAPI document.`,
  'A rejected request changes nothing.',
];

/** A plain server-rendered reference of the interface as the sandbox serves it (no scripts, no CDN). */
export function apiReferencePage(routes: readonly SandboxRoute[], config: SandboxConfig): string {
  const tags = [...new Set(routes.map((route) => route.tag))];
  const endpointSections = tags
    .map((tag) => {
      const items = routes
        .filter((route) => route.tag === tag)
        .map((route) => {
          const { method, path: mainPath, aliases = [], query = {}, body } = route.operation;
          const paths = [mainPath, ...aliases]
            .map(
              (path) => `<code>${escapeHtml(method)} ${escapeHtml(path.replace(/:(\w+)/g, '{$1}'))}</code>`,
            )
            .join(' or ');
          const parameters = Object.entries(query);
          const queryList = parameters.length
            ? `<p>Query parameters:</p><ul>${parameters
                .map(
                  ([name, parameter]) =>
                    `<li><code>${escapeHtml(name)}</code>: ${escapeHtml(parameter.description)}</li>`,
                )
                .join('')}</ul>`
            : '';
          const errors = [...new Set([...route.errors, 401, ...(body ? [413, 415] : [])])].sort();
          return `<section><h3>${escapeHtml(route.summary)}</h3><p>${paths}</p>${
            route.description ? `<p>${escapeHtml(route.description)}</p>` : ''
          }${queryList}<p>Errors: ${errors.join(', ')}</p></section>`;
        })
        .join('\n');
      return `<h2>${escapeHtml(tag)}</h2>\n${items}`;
    })
    .join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Warehouse service interface: sandbox reference</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }
code { background: #f2f2f2; padding: 0 .25rem; border-radius: 3px; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #bbb; padding: .3rem .6rem; text-align: left; vertical-align: top; }
section { border-top: 1px solid #ddd; padding-top: .5rem; }
</style>
</head>
<body>
<main>
<h1>Warehouse service interface: sandbox reference</h1>
<p>The operator's interface under <code>/warehouse/v1</code>, as the embedded sandbox implements it. The machine-readable OpenAPI 3.1 document is at <a href="/warehouse/api-docs"><code>/warehouse/api-docs</code></a>.</p>

<h2>Authentication</h2>
<table>
<thead><tr><th scope="col">Mode</th><th scope="col">Headers</th><th scope="col">Acts for</th></tr></thead>
<tbody>
<tr><td>Single organization</td><td><code>x-api-key</code></td><td>the organization <code>default</code>; an organization-slug header is ignored</td></tr>
<tr><td>Multi-organization</td><td><code>x-api-key</code> and <code>organization-slug</code></td><td>${config.organizations.map((slug) => `<code>${escapeHtml(slug)}</code>`).join(', ')}</td></tr>
</tbody>
</table>
<p>The keys are printed by <code>npm run sandbox</code> and set by <code>SANDBOX_API_KEY</code> and <code>SANDBOX_MULTI_ORG_API_KEY</code>.</p>

<h2>Credentials packet</h2>
<table>
<tbody>
<tr><th scope="row">Warehouses</th><td>${config.warehouses.map(escapeHtml).join(', ')}</td></tr>
<tr><th scope="row">Attribute keys</th><td>${config.attributeKeys.map(escapeHtml).join(', ')} (serial number: ${escapeHtml(config.serialKey)})</td></tr>
<tr><th scope="row">Rate groups</th><td>${config.rateGroups.map(escapeHtml).join(', ')}</td></tr>
<tr><th scope="row">Incoterms</th><td>${incoterms.map((term) => `<abbr title="${escapeHtml(term.meaning)}">${term.code}</abbr>`).join(', ')}</td></tr>
</tbody>
</table>

${endpointSections}

<h2>Errors</h2>
<table>
<thead><tr><th scope="col">code</th><th scope="col">HTTP status</th><th scope="col">When</th></tr></thead>
<tbody>
${errorRows.map(([code, status, when]) => `<tr><td><code>${code}</code></td><td>${status}</td><td>${escapeHtml(when)}</td></tr>`).join('\n')}
</tbody>
</table>

<h2>Behaviours where the interface is silent</h2>
<ul>
${behaviors.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}
</ul>
</main>
</body>
</html>`;
}

import { interfaceOperations } from '../../contract/operations';
import { type Product, productCreateSchema, productUpdateSchema } from '../../contract/product';
import { productAttributeProblems } from '../../contract/product-rules';
import { productCodeLookup } from '../../contract/query-parameters';
import { asArray, asRecord, asText, formatPrice, newResourceId, timestamp } from '../documents';
import { problem, toPointer, validationFailed, zodProblems } from '../errors';
import { encodeCursor, notFound, readListQuery } from '../list-query';
import { RawJson, rawList, type SandboxRoute } from '../route-table';

type Pointed = { pointer: string; detail: string };

/** The attribute flags as sent, read defensively so the rules run even when the schema also fails. */
function attributesAsSent(value: unknown) {
  return asArray(value).map((item) => {
    const attribute = asRecord(item);
    return {
      key: asText(attribute.key),
      requiredForWarehouseRelease: attribute.requiredForWarehouseRelease === true,
      requiredForRfConfirmation: attribute.requiredForRfConfirmation === true,
    };
  });
}

export const productRoutes: SandboxRoute[] = [
  {
    operation: interfaceOperations.createProduct,
    tag: 'Products',
    summary: 'Create a product',
    description:
      'productCode (at most 35 characters) is unique in the organization. pickMode defaults to ASP; ANE needs the serial-number attribute with requiredForWarehouseRelease false and requiredForRfConfirmation true. At most one attribute may require RF confirmation, and not together with release capture. Dimensions and weight are 0 when not sent.',
    errors: [400, 409],
    handle({ body, config, store, organization, now }) {
      const raw = asRecord(body);
      const parsed = productCreateSchema.safeParse(raw);
      const problems: Pointed[] = parsed.success ? [] : zodProblems(parsed.error.issues);
      const rules = productAttributeProblems(
        {
          pickMode: typeof raw.pickMode === 'string' ? raw.pickMode : undefined,
          productAttributes: attributesAsSent(raw.productAttributes),
        },
        config,
      );
      problems.push(...rules.map((rule) => ({ pointer: toPointer(rule.path), detail: rule.message })));
      if (!parsed.success || problems.length > 0) throw validationFailed(problems);
      const input = parsed.data;
      return store.transaction(() => {
        if (store.products.hasReference(organization, input.productCode)) {
          throw problem('conflict', `A product with code ${input.productCode} already exists`, {
            pointer: '/productCode',
          });
        }
        const at = timestamp(now());
        const product: Product = {
          id: newResourceId(),
          productCode: input.productCode,
          productDescription: input.productDescription,
          productUnit: input.productUnit,
          ...(input.unitPrice !== undefined && { unitPrice: formatPrice(input.unitPrice) }),
          ...(input.unitPriceCurrency !== undefined && { unitPriceCurrency: input.unitPriceCurrency }),
          dimHeight: input.dimHeight ?? 0,
          dimWidth: input.dimWidth ?? 0,
          dimDepth: input.dimDepth ?? 0,
          ...(input.dimUnit !== undefined && { dimUnit: input.dimUnit }),
          weightPerProduct: input.weightPerProduct ?? 0,
          ...(input.weightPerProductUnit !== undefined && {
            weightPerProductUnit: input.weightPerProductUnit,
          }),
          ...(input.clientProductCode !== undefined && { clientProductCode: input.clientProductCode }),
          ...(input.clientProductDescription !== undefined && {
            clientProductDescription: input.clientProductDescription,
          }),
          ...(input.clientProductUnit !== undefined && { clientProductUnit: input.clientProductUnit }),
          pickMode: input.pickMode ?? 'ASP',
          productAttributes: input.productAttributes ?? [],
          customFields: input.customFields ?? [],
          dateCreated: at,
          dateLastUpdated: at,
        };
        store.products.put(organization, product);
        return product;
      });
    },
  },
  {
    operation: interfaceOperations.getProductId,
    tag: 'Products',
    summary: 'Look up a product id by product code',
    description: 'The lightweight lookup: only id and pickMode. 404 when no product has this code.',
    errors: [404],
    handle({ params, store, organization }) {
      const product = store.products.getByCode(organization, params.productCode ?? '');
      if (!product) {
        throw problem('not_found', 'No product with this code in your organization', {
          pointer: '/',
          parameter: 'productCode',
        });
      }
      return { id: product.id, pickMode: product.pickMode };
    },
  },
  {
    operation: interfaceOperations.getProduct,
    tag: 'Products',
    summary: 'Read a product',
    errors: [404],
    handle({ params, store, organization }) {
      const product = store.products.getRaw(organization, params.id ?? '');
      if (product === undefined) throw notFound('product');
      return new RawJson(product);
    },
  },
  {
    operation: interfaceOperations.listProducts,
    tag: 'Products',
    summary: 'Find products by code, or list them',
    description:
      'productcode: exact match (an empty list when none). Without it, lists products newest dateLastUpdated first, a page at a time.',
    errors: [400],
    handle({ query, store, organization }) {
      const filter = readListQuery(query, { lookup: productCodeLookup });
      const page = store.products.listRaw(organization, filter);
      return rawList('products', page.items, page.next ? encodeCursor(page.next) : null);
    },
  },
  {
    operation: interfaceOperations.updateProduct,
    tag: 'Products',
    summary: 'Update a product (beta)',
    description:
      'Only the fields sent change. productAttributes and customFields cannot be updated, and productCode cannot change (400). A change of pickMode to ANE must satisfy the ANE rule against the stored attributes.',
    errors: [400, 404],
    handle({ params, body, config, store, organization, now }) {
      return store.transaction(() => {
        const stored = store.products.get(organization, params.id ?? '');
        if (!stored) throw notFound('product');
        const raw = asRecord(body);
        const parsed = productUpdateSchema.safeParse(raw);
        const problems: Pointed[] = parsed.success ? [] : zodProblems(parsed.error.issues);
        for (const member of ['productAttributes', 'customFields'] as const) {
          if (Object.hasOwn(raw, member)) {
            problems.push({ pointer: `/${member}`, detail: `${member} cannot be updated` });
          }
        }
        if (typeof raw.productCode === 'string' && raw.productCode !== stored.productCode) {
          problems.push({ pointer: '/productCode', detail: 'productCode cannot be changed' });
        }
        if (raw.pickMode === 'ANE') {
          const rules = productAttributeProblems(
            { pickMode: 'ANE', productAttributes: stored.productAttributes },
            config,
          );
          // Only the pick mode is in the request; the stored attributes' flags are not the client's to point
          // at.
          const aneProblems = rules.filter((rule) => rule.path[0] === 'pickMode');
          problems.push(
            ...aneProblems.map((rule) => ({ pointer: toPointer(rule.path), detail: rule.message })),
          );
        }
        if (!parsed.success || problems.length > 0) throw validationFailed(problems);
        const {
          productCode: _code,
          productAttributes: _attributes,
          customFields: _fields,
          ...changes
        } = parsed.data;
        const updated: Product = {
          ...stored,
          ...changes,
          ...(changes.unitPrice !== undefined && { unitPrice: formatPrice(changes.unitPrice) }),
          dateLastUpdated: timestamp(now()),
        };
        store.products.put(organization, updated);
        return updated;
      });
    },
  },
];

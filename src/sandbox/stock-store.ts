import type Database from 'better-sqlite3';
import type { KeyValue } from '../contract/common';
import type { Order, Subline } from '../contract/order';
import type { Receive } from '../contract/receive';
import { expiryOf } from '../domain/stock-movements';
import { pickLots, type StockLot } from './warehouse/stock-picking';

/**
 * The simulated warehouse's stock of what carries part attributes: per organization, warehouse, product and
 * set of attributes (a lot with its expiry, a serial number), what is on the shelf. Receipts (receives and
 * returns) add the sublines they capture; shipments draw the sublines they leave with. Goods without part
 * attributes are not counted: nothing in the interface asks for them.
 */
export type StockStore = {
  /** What is on the shelf of the product in the warehouse, in no particular order. */
  available(org: string, warehouseCode: string, productCode: string): StockLot[];
  add(org: string, warehouseCode: string, productCode: string, sublines: readonly Subline[], at: Date): void;
  /** Takes the sublines that left: each from the lots that carry its attributes, first expiry first. */
  draw(org: string, warehouseCode: string, productCode: string, sublines: readonly Subline[]): void;
};

type StockRow = {
  id: number;
  partAttributes: string;
  quantity: number;
  expiry: string | null;
  receivedMs: number;
};

/** One text per set of attributes, whatever order they came in; the first receipt's order is what ships. */
const attributesKey = (partAttributes: readonly KeyValue[]) =>
  JSON.stringify(
    [...partAttributes]
      .map(({ key, value }) => ({ key, value }))
      .sort((a, b) => a.key.localeCompare(b.key) || a.value.localeCompare(b.value)),
  );

export function createStockStore(db: Database.Database): StockStore {
  db.exec(`
    CREATE TABLE IF NOT EXISTS stock_lots (
      id INTEGER PRIMARY KEY,
      org TEXT NOT NULL, warehouse_code TEXT NOT NULL, product_code TEXT NOT NULL,
      attributes TEXT NOT NULL, part_attributes TEXT NOT NULL, expiry TEXT, received_ms INTEGER NOT NULL, quantity REAL NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS stock_lots_key ON stock_lots (org, warehouse_code, product_code, attributes);
  `);
  const select = db.prepare<[string, string, string], StockRow>(
    `SELECT id, part_attributes AS partAttributes, quantity, expiry, received_ms AS receivedMs FROM stock_lots
     WHERE org = ? AND warehouse_code = ? AND product_code = ? AND quantity > 0`,
  );
  const upsert = db.prepare(
    `INSERT INTO stock_lots (org, warehouse_code, product_code, attributes, part_attributes, expiry, received_ms, quantity)
     VALUES (@org, @warehouseCode, @productCode, @attributes, @partAttributes, @expiry, @receivedMs, @quantity)
     ON CONFLICT (org, warehouse_code, product_code, attributes) DO UPDATE SET quantity = quantity + excluded.quantity`,
  );
  const take = db.prepare('UPDATE stock_lots SET quantity = quantity - ? WHERE id = ?');
  const emptied = db.prepare('DELETE FROM stock_lots WHERE id = ? AND quantity <= 0');

  function available(org: string, warehouseCode: string, productCode: string): StockLot[] {
    return select.all(org, warehouseCode, productCode).map((row) => ({
      id: row.id,
      partAttributes: JSON.parse(row.partAttributes) as KeyValue[],
      quantity: row.quantity,
      expiry: row.expiry,
      receivedMs: row.receivedMs,
    }));
  }

  return {
    available,
    add(org, warehouseCode, productCode, sublines, at) {
      for (const subline of sublines) {
        if (subline.partAttributes.length === 0 || subline.quantity <= 0) continue;
        upsert.run({
          org,
          warehouseCode,
          productCode,
          attributes: attributesKey(subline.partAttributes),
          partAttributes: JSON.stringify(subline.partAttributes.map(({ key, value }) => ({ key, value }))),
          expiry: expiryOf(subline.partAttributes),
          receivedMs: at.getTime(),
          quantity: subline.quantity,
        });
      }
    },
    draw(org, warehouseCode, productCode, sublines) {
      const named = sublines.filter((subline) => subline.partAttributes.length > 0 && subline.quantity > 0);
      if (named.length === 0) return;
      const lots = available(org, warehouseCode, productCode);
      for (const subline of named) {
        for (const { lot, quantity } of pickLots(lots, subline.quantity, subline.partAttributes).picked) {
          lot.quantity -= quantity;
          take.run(quantity, lot.id);
          emptied.run(lot.id);
        }
      }
    },
  };
}

/** Draws what left on the shipments the change shipped (FIN now, not before). */
export function drawShipped(stock: StockStore, org: string, before: Order, after: Order): void {
  const shippedBefore = new Set(
    before.shipments.filter((shipment) => shipment.status === 'FIN').map((shipment) => shipment.id),
  );
  for (const shipment of after.shipments) {
    if (shipment.status !== 'FIN' || shippedBefore.has(shipment.id)) continue;
    for (const line of shipment.shipmentLines)
      stock.draw(org, after.warehouseCode ?? '', line.productCode, line.sublines);
  }
}

/** Adds what the change received: the sublines each receive line gained. */
export function addReceived(stock: StockStore, org: string, before: Receive, after: Receive, at: Date): void {
  for (const shipment of after.shipments) {
    const earlier = before.shipments.find((candidate) => candidate.id === shipment.id);
    for (const line of shipment.receiveLines) {
      const known =
        earlier?.receiveLines.find((candidate) => String(candidate.lineNumber) === String(line.lineNumber))
          ?.sublines.length ?? 0;
      stock.add(org, after.warehouseCode ?? '', line.productCode, line.sublines.slice(known), at);
    }
  }
}

import { orderStateWords, receiveStateWords, type StateWords } from '../../../domain/record-states';
import type { ListedRecord, ListFilter } from '../store/list-keysets';
import { type ExportColumn, type ExportTable, yesOrNo } from './export-table';

/** A state as the pages say it; one the console has no words for, as the index holds it. */
const stateIn = (words: Record<string, StateWords>) => (record: ListedRecord) =>
  Object.hasOwn(words, record.state) ? words[record.state].label : record.state;

type Column = ExportColumn<ListedRecord>;

const reference: Column = { header: 'Reference', kind: 'text', of: (record) => record.reference, width: 14 };
const statusCode: Column = { header: 'Status code', kind: 'text', of: (record) => record.status };
const warehouse: Column = { header: 'Warehouse', kind: 'text', of: (record) => record.warehouse };
const updated: Column = { header: 'Last updated', kind: 'time', of: (record) => record.updatedMs, width: 18 };

const orders: ExportTable<ListedRecord> = {
  sheet: 'Orders',
  columns: [
    reference,
    { header: 'Customer', kind: 'text', of: (record) => record.title, width: 24 },
    { header: 'State', kind: 'text', of: stateIn(orderStateWords), width: 16 },
    { header: 'Late', kind: 'text', of: (record) => yesOrNo(record.late) },
    statusCode,
    warehouse,
    { header: 'Ship by', kind: 'day', of: (record) => record.dueMs, width: 12 },
    updated,
    { header: 'Units ordered', kind: 'number', of: (record) => record.announced },
    { header: 'Units shipped', kind: 'number', of: (record) => record.received },
    { header: 'A line shipped short', kind: 'text', of: (record) => yesOrNo(record.short) },
    { header: 'A line shipped over', kind: 'text', of: (record) => yesOrNo(record.over) },
  ],
};

/** Receives name who sent them as their supplier; returns as the customer, with the order and reason. */
function receiveTable(kind: 'receive' | 'return'): ExportTable<ListedRecord> {
  const returns: Column[] = [
    { header: 'Original order', kind: 'text', of: (record) => record.originalOrder, width: 14 },
    { header: 'Reason', kind: 'text', of: (record) => record.reason, width: 24 },
  ];
  return {
    sheet: kind === 'return' ? 'Returns' : 'Receives',
    columns: [
      reference,
      {
        header: kind === 'return' ? 'Customer' : 'Supplier',
        kind: 'text',
        of: (record) => record.title,
        width: 24,
      },
      ...(kind === 'return' ? returns : []),
      { header: 'State', kind: 'text', of: stateIn(receiveStateWords), width: 16 },
      statusCode,
      warehouse,
      { header: 'ETA', kind: 'day', of: (record) => record.dueMs, width: 12 },
      { header: 'Finalized', kind: 'time', of: (record) => record.finishedMs, width: 18 },
      updated,
      { header: 'Units announced', kind: 'number', of: (record) => record.announced },
      { header: 'Units received', kind: 'number', of: (record) => record.received },
      { header: 'Units short', kind: 'number', of: (record) => record.unitsShort },
      { header: 'Units over', kind: 'number', of: (record) => record.unitsOver },
    ],
  };
}

/** The columns of a list's export, by the kind it lists. */
export const listExportTables: Record<ListFilter['kind'], ExportTable<ListedRecord>> = {
  order: orders,
  receive: receiveTable('receive'),
  return: receiveTable('return'),
};

const orderStatusLabels: Record<string, string> = {
  PRS: 'Processing',
  FIN: 'Finalized',
  CAN: 'Canceled',
};

const shipmentStatusLabels: Record<string, string> = {
  ENT: 'Entered',
  PIC: 'Picking',
  HEL: 'On hold',
  FIN: 'Shipped',
  CAN: 'Canceled',
};

/** "Processing (PRS)": staff learn the words, the warehouse speaks in codes, so both show. */
export function orderStatusLabel(status: string): string {
  const word = orderStatusLabels[status];
  return word ? `${word} (${status})` : status;
}

export function shipmentStatusLabel(status: string): string {
  const word = shipmentStatusLabels[status];
  return word ? `${word} (${status})` : status;
}

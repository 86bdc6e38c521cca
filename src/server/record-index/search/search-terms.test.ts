import { describe, expect, it } from 'vitest';
import type { SearchValue } from '../records/search-values';
import { indexValues, searchValuesKey, storedSearchValues, storedSearchValuesKey } from './search-terms';

const stored = (values: SearchValue[]) => storedSearchValues(indexValues(values));

describe('the key of search values as stored', () => {
  const values: SearchValue[] = [
    { field: 'primaryReference', value: 'SO-1', group: 'refs' },
    // Text that looks like the stored form's own punctuation.
    { field: 'shipTo.personName', value: 'x,[y]] "refs",["a"]] \\ Zoë', group: 'people' },
    { field: 'shipTo.phoneNumber', value: '+1 (555) 010-2030', group: 'contact' },
    { field: 'trackingNumber', value: ']]', group: 'tracking' },
  ];

  it('is the key of the values it was written from, whatever their text holds', () => {
    expect(storedSearchValuesKey(stored(values))).toBe(searchValuesKey(values));
    expect(storedSearchValuesKey(stored([]))).toBe(searchValuesKey([]));
  });

  it('differs once a value, a field or the order of the values does', () => {
    const key = searchValuesKey(values);
    const [first, second, ...rest] = values as [SearchValue, SearchValue, ...SearchValue[]];
    const keyOfStored = (others: SearchValue[]) => storedSearchValuesKey(stored(others));
    expect(keyOfStored([{ ...first, value: 'SO-2' }, second, ...rest])).not.toBe(key);
    expect(keyOfStored([{ ...first, field: 'secondaryReference' }, second, ...rest])).not.toBe(key);
    expect(keyOfStored([second, first, ...rest])).not.toBe(key);
    expect(keyOfStored([first, ...rest])).not.toBe(key);
    // A value whose text holds what the stored form's tokens look like.
    expect(keyOfStored([{ ...first, value: 'SO-1","refs",["so1"]]' }, second, ...rest])).not.toBe(key);
  });
});

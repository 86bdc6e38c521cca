import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getUnitCostsRoute,
  setUnitCostsRoute,
  type UnitCost,
  type UnitCostChange,
} from '@/contract/unit-costs';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { receiveKeys } from '@/lib/receive-keys';
import type { WriteHookOptions } from '@/lib/write-hook';

const unitCostsKey = (reference: string) => [...receiveKeys.all, 'unit-costs', reference] as const;

/** The unit costs entered on a receive's lines, as the console keeps them. */
export function getUnitCostsQueryOptions(reference: string) {
  return queryOptions({
    queryKey: unitCostsKey(reference),
    queryFn: async ({ signal }) =>
      (await callOperation(getUnitCostsRoute, { params: { reference }, signal })).costs,
  });
}

/** The costs, or undefined while they load (the form waits for them). */
export function useUnitCosts(reference: string): UnitCost[] | undefined {
  return useQuery(getUnitCostsQueryOptions(reference)).data;
}

type SetUnitCosts = { reference: string; costs: UnitCostChange[] };

/** Enters (or takes away) unit costs of a receive's lines; the stored costs are read again after. */
export function useSetUnitCosts({ onSuccess }: WriteHookOptions<UnitCost[], SetUnitCosts> = {}) {
  const queryClient = useQueryClient();
  return useMutation<UnitCost[], ApiError, SetUnitCosts>({
    mutationFn: async ({ reference, costs }) =>
      (await callOperation(setUnitCostsRoute, { params: { reference }, body: { costs } })).costs,
    onSuccess: async (costs, request) => {
      queryClient.setQueryData(unitCostsKey(request.reference), costs);
      await onSuccess?.(costs, request);
    },
  });
}

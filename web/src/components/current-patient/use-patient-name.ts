import { customerCache, useCustomers } from '../../data';

/** A customer's name from the device's customer list (loading it if no screen has), '' until known. */
export function usePatientName(customerId: string | null): string {
  useCustomers(); // re-renders as the list loads or the customer is renamed
  return customerId ? (customerCache.get(customerId)?.customer.name ?? '') : '';
}

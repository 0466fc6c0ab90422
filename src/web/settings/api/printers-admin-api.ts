import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Printer, PrinterInput } from '../../../shared/printers.ts';
import { apiRequest } from '../../lib/api-client.ts';

const printersKey = ['admin', 'printers'] as const;

/** GET /api/admin/printers (administrators): the kitchen printers with their last outcome. */
export function useAdminPrinters() {
  return useQuery({ queryKey: printersKey, queryFn: ({ signal }) => apiRequest<Printer[]>('/admin/printers', { signal }) });
}

/** POST /api/admin/printers; the list is read again. */
export function useAddPrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrinterInput) => apiRequest<Printer>('/admin/printers', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printersKey }),
  });
}

/** PUT /api/admin/printers/:id: its name, address and print-on-accept, changed whole; the list is read again. */
export function useUpdatePrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PrinterInput }) =>
      apiRequest<Printer>(`/admin/printers/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printersKey }),
  });
}

/** DELETE /api/admin/printers/:id. */
export function useRemovePrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (printer: Pick<Printer, 'id'>) => apiRequest<unknown>(`/admin/printers/${encodeURIComponent(printer.id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printersKey }),
  });
}

/** POST /api/admin/printers/:id/test: a test page, queued; its outcome shows in the list a moment later. */
export function useTestPrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (printer: Pick<Printer, 'id'>) => apiRequest<unknown>(`/admin/printers/${encodeURIComponent(printer.id)}/test`, { method: 'POST' }),
    onSettled: () => setTimeout(() => void queryClient.invalidateQueries({ queryKey: printersKey }), 2_000),
  });
}
